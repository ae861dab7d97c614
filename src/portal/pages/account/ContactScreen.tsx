import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { ContactDetails } from '../ContactPage';

/** `/account/contact` for a signed-in user: the same details inside the back office's shell. */
export default function ContactScreen() {
  const translate = useTranslate();
  const title = translate('app.contact.title');
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={title} />
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      <Card sx={{ maxWidth: 640 }}>
        <CardContent sx={{ display: 'grid', gap: 2.5 }}>
          <ContactDetails translate={(key) => translate(key)} />
        </CardContent>
      </Card>
    </Box>
  );
}
