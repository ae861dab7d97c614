/** @jsxImportSource preact */
import { render } from 'preact';
import { App } from './App';
import { applyDocumentLanguage, initialLanguage, loadMessages } from './i18n/language';
import './pay.css';

/**
 * Entry of the payer pages (`pay.html`). English is part of this file; Arabic arrives as a small
 * chunk before the first render, so the page never shows one language and then the other.
 */
const language = initialLanguage();
applyDocumentLanguage(language);
const root = document.getElementById('root');
if (root)
  void loadMessages(language).then((messages) => {
    // The boot message in pay.html goes; Preact then owns the element.
    root.textContent = '';
    render(<App language={language} messages={messages} />, root);
  });
