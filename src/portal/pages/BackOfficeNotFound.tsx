import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

/** A back-office path with no screen: SPEC §8's not-found text. */
export default function BackOfficeNotFound() {
  const translate = useTranslate();
  const message = translate('app.message.not_found');
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={message} />
      <CardContent>
        <Typography variant="h2" component="p">
          {message}
        </Typography>
      </CardContent>
    </Card>
  );
}
