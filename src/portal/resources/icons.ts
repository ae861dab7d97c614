import Article from '@mui/icons-material/Article';
import Badge from '@mui/icons-material/Badge';
import Inventory2 from '@mui/icons-material/Inventory2';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import type { SvgIconComponent } from '@mui/icons-material';

/** Menu icons by resource name; a resource without one gets a generic document icon. */
const resourceIcons: Record<string, SvgIconComponent> = {
  invoice: ReceiptLong,
  product: Inventory2,
  employee: Badge,
};

/** The menu and dashboard icon of a resource. */
export function iconFor(resource: string): SvgIconComponent {
  return resourceIcons[resource] ?? Article;
}
