import MenuIcon from '@mui/icons-material/Menu';
import { useSidebarState, useTranslate } from 'react-admin';
import { BAR_CLASS } from './appBarStyles';

/** The app bar's button that opens and closes the menu (a drawer on a phone, folded on a desktop). */
export function MenuToggle() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const label = translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu');
  return (
    <button
      type="button"
      className={`${BAR_CLASS}-icon`}
      aria-label={label}
      title={label}
      onClick={() => setOpen(!open)}
    >
      <MenuIcon />
    </button>
  );
}
