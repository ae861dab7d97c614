/** @jsxImportSource preact */
import { Component, type ComponentChildren } from 'preact';
import { Notice } from './components/Notice';
import { Shell } from './components/Shell';
import { I18nContext, type I18n } from './i18n/context';

/** Never a blank screen: a page that fails to render says so and offers a reload. */
export class ErrorBoundary extends Component<{ children: ComponentChildren }, { failed: boolean }> {
  static contextType = I18nContext;
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    const { t } = this.context as I18n;
    return (
      <Shell>
        <Notice
          tone="error"
          title={t('error.generic_title')}
          actions={
            <button type="button" class="button button-primary" onClick={() => location.reload()}>
              {t('action.retry')}
            </button>
          }
        >
          <p>{t('error.generic')}</p>
        </Notice>
      </Shell>
    );
  }
}
