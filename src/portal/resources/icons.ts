import AccountCircle from '@mui/icons-material/AccountCircle';
import Apps from '@mui/icons-material/Apps';
import Apartment from '@mui/icons-material/Apartment';
import Article from '@mui/icons-material/Article';
import Assessment from '@mui/icons-material/Assessment';
import Autorenew from '@mui/icons-material/Autorenew';
import Badge from '@mui/icons-material/Badge';
import Hub from '@mui/icons-material/Hub';
import Inventory2 from '@mui/icons-material/Inventory2';
import People from '@mui/icons-material/People';
import PointOfSale from '@mui/icons-material/PointOfSale';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Storefront from '@mui/icons-material/Storefront';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import AccountBalance from '@mui/icons-material/AccountBalance';
import Category from '@mui/icons-material/Category';
import CreditScore from '@mui/icons-material/CreditScore';
import Description from '@mui/icons-material/Description';
import Draw from '@mui/icons-material/Draw';
import Email from '@mui/icons-material/Email';
import EventRepeat from '@mui/icons-material/EventRepeat';
import FolderShared from '@mui/icons-material/FolderShared';
import HelpOutline from '@mui/icons-material/HelpOutline';
import History from '@mui/icons-material/History';
import ListAlt from '@mui/icons-material/ListAlt';
import ManageSearch from '@mui/icons-material/ManageSearch';
import MeetingRoom from '@mui/icons-material/MeetingRoom';
import Notifications from '@mui/icons-material/Notifications';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import Paid from '@mui/icons-material/Paid';
import Payments from '@mui/icons-material/Payments';
import Person from '@mui/icons-material/Person';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Savings from '@mui/icons-material/Savings';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Store from '@mui/icons-material/Store';
import Tune from '@mui/icons-material/Tune';
import Undo from '@mui/icons-material/Undo';
import UploadFile from '@mui/icons-material/UploadFile';
import type { SvgIconComponent } from '@mui/icons-material';

/** Menu icons by resource name; a resource without one gets a generic document icon. */
const resourceIcons: Record<string, SvgIconComponent> = {
  invoice: ReceiptLong,
  product: Inventory2,
  employee: Badge,
  transaction: Payments,
  refund: Undo,
  audit_event: ManageSearch,
  capture: CreditScore,
  payment_transfer: AccountBalance,
  subscription: Autorenew,
  open_invoice: RequestQuote,
  bulk_upload: UploadFile,
  category: Category,
  sale_list: ListAlt,
  sale_order: ShoppingCart,
  email_template: Email,
  pos_terminal: PointOfSale,
  terminal_subscription: EventRepeat,
  customer: People,
  asset: Apartment,
  unit: MeetingRoom,
  tenant: Person,
  expense: Paid,
  expense_category: Category,
  asset_category: Category,
  unit_category: Category,
  contract: Description,
  deposit: Savings,
  rent_invoice: ReceiptLong,
  change_history: History,
  merchant: Store,
  merchant_service: Tune,
  compliance: VerifiedUser,
  signatory: Draw,
  document: FolderShared,
  notification: Notifications,
  notification_setting: NotificationsActive,
  faq: HelpOutline,
  demo_guide: OndemandVideo,
};

/** The menu and dashboard icon of a resource. */
export function iconFor(resource: string): SvgIconComponent {
  return resourceIcons[resource] ?? Article;
}

/** Menu icons by group (`x-resource.group`). */
const groupIcons: Record<string, SvgIconComponent> = {
  invoices: ReceiptLong,
  reports: Assessment,
  sales: Storefront,
  property: Apartment,
  multi_vendor: Hub,
  compliance: VerifiedUser,
  subscriptions: Autorenew,
  pos: PointOfSale,
  customers: People,
  employees: Badge,
  account: AccountCircle,
};

/** The menu icon of a group. */
export function groupIconFor(group: string): SvgIconComponent {
  return groupIcons[group] ?? Apps;
}
