import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';
import { translateMessage } from '../data/catalogues';
import { session } from '../data/session';

interface Props {
  children: ReactNode;
  /** A new value (the path) clears a shown error, so navigating away recovers. */
  resetKey: string;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/**
 * Last line of defence: a screen that failed to load even after the one reload (SPEC §8), or that
 * crashed, shows "Sorry, an error has occured" and a way back, never a blank page.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: Error): void {
    console.error(error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    const language = session.get('global').language;
    return (
      <Box sx={{ p: 3, maxWidth: 560, mx: 'auto' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => window.location.reload()}>
              {translateMessage('ra.action.refresh', language)}
            </Button>
          }
        >
          {translateMessage('app.message.generic_error', language)}
        </Alert>
      </Box>
    );
  }
}
