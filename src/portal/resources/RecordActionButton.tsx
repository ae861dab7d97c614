import Box from '@mui/material/Box';
import { useState, type MouseEvent, type ReactElement } from 'react';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import { Confirm, useNotify, useRefresh, useTranslate, type HttpError } from 'react-admin';

/**
 * On a list row a click must not open the record as well: neither on the button nor in its
 * dialog, whose clicks reach the row through React's tree although it is drawn elsewhere.
 */
const keepInside = (event: MouseEvent) => event.stopPropagation();

/** The question of a dialog that also asks why, and the required field of the answer. */
function ReasonField(props: {
  question: string;
  label: string;
  value: string;
  missing: boolean;
  onChange: (value: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      <span>{props.question}</span>
      <TextField
        label={props.label}
        value={props.value}
        required
        multiline
        minRows={2}
        error={props.missing}
        helperText={props.missing ? translate('app.message.reason_required') : undefined}
        inputProps={{ maxLength: 500 }}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Box>
  );
}

export interface RecordActionButtonProps {
  label: string;
  /** Asked before running, when given. */
  question?: string;
  /** The request; its refusal is shown with the server's message (the record changed meanwhile, say). */
  perform: (reason?: string) => Promise<unknown>;
  /** The dialog also asks why, in a required field labelled so; the answer is given to `perform`. */
  reasonLabel?: string;
  /** Said once done: a catalogue key and its arguments. */
  done: { message: string; args?: Record<string, unknown> };
  /** A plain small word for a list row. */
  compact?: boolean;
  /** Shown before the label. */
  icon?: ReactElement;
}

/**
 * A button that makes one request about a record (a transition of its status, a command), after a
 * confirmation when there is a question; then says it is done and refreshes what is shown (the list
 * too: the record may leave its view).
 */
export function RecordActionButton({
  label,
  question,
  perform,
  done,
  reasonLabel,
  compact = false,
  icon,
}: RecordActionButtonProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const run = async () => {
    if (reasonLabel !== undefined && reason.trim() === '') {
      setMissing(true);
      return;
    }
    setAsking(false);
    setRunning(true);
    try {
      await perform(reasonLabel === undefined ? undefined : reason.trim());
      setReason('');
      notify(done.message, { type: 'success', messageArgs: done.args });
      refresh();
    } catch (error) {
      const message = (error as Partial<HttpError> | null)?.message || 'app.message.generic_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Box component="span" onClick={keepInside} sx={{ display: 'inline-flex' }}>
      {/* MUI's own button: react-admin's drops its label on a phone, and an action has no icon to show instead. */}
      <Button
        size="small"
        disabled={running}
        startIcon={icon}
        // In a row: a plain small word, close to its neighbours, on one line.
        sx={compact ? { minWidth: 0, px: 1, whiteSpace: 'nowrap' } : undefined}
        onClick={() => {
          if (question !== undefined) setAsking(true);
          else void run();
        }}
      >
        {label}
      </Button>
      {question !== undefined && (
        <Confirm
          isOpen={asking}
          loading={running}
          title={label}
          content={
            reasonLabel === undefined ? (
              question
            ) : (
              <ReasonField
                question={question}
                label={reasonLabel}
                value={reason}
                missing={missing}
                onChange={(value) => {
                  setReason(value);
                  setMissing(false);
                }}
              />
            )
          }
          onConfirm={run}
          onClose={() => setAsking(false)}
        />
      )}
    </Box>
  );
}
