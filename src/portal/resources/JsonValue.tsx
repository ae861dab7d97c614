import Box from '@mui/material/Box';

/** `text` indented two spaces a level when it is JSON; as it is otherwise. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * A JSON document held as text (`contentMediaType: "application/json"`, a webhook's body) as code:
 * indented, in a monospace font, left to right in either language, wrapping rather than widening
 * the screen.
 */
export function JsonValue({ text }: { text: string }) {
  return (
    <Box
      component="pre"
      dir="ltr"
      sx={{
        m: 0,
        p: 1.5,
        textAlign: 'left',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontFamily: 'monospace',
        fontSize: '0.8125rem',
        bgcolor: 'action.hover',
        borderRadius: 1,
        maxWidth: '100%',
      }}
    >
      {prettyJson(text)}
    </Box>
  );
}
