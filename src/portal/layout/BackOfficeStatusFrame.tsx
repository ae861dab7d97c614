import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router';

/** A status page's frame inside the back office layout: its title in the app bar (the page heading), a link home. */
export function BackOfficeStatusFrame({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }} variant="outlined">
      <Title title={title} />
      <CardContent sx={{ display: 'grid', gap: 2.5, p: { xs: 2.5, sm: 4 } }}>
        {/* The app bar shows the title as the page's heading; here it only repeats it large. */}
        <Typography variant="h1" component="p">
          {title}
        </Typography>
        {children}
        <Box>
          <Button component={Link} to="/" variant="contained">
            {translate('app.errors.home')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
