import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { SUPPORTED_LANGUAGES, type Language } from '../../shared/i18n';
import { LANGUAGE_NAMES } from '../data/i18nProvider';

export interface LanguageMenuProps {
  id: string;
  anchor: HTMLElement;
  value: Language;
  onSelect: (language: Language) => void;
  onClose: () => void;
}

/** The languages to choose from, each in its own language and script. */
export default function LanguageMenu({ id, anchor, value, onSelect, onClose }: LanguageMenuProps) {
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {SUPPORTED_LANGUAGES.map((language) => (
        <MenuItem key={language} lang={language} selected={language === value} onClick={() => onSelect(language)}>
          {LANGUAGE_NAMES[language]}
        </MenuItem>
      ))}
    </Menu>
  );
}
