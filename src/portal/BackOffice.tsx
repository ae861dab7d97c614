import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import App from './App';
import { locationChanged } from './shell/navigation';

export { prefetchFor } from './App';

/** Lets the shell follow react-admin's moves (a sign-out lands on `/merchant`, a public page). */
function LocationReporter() {
  const location = useLocation();
  useEffect(() => locationChanged(), [location]);
  return null;
}

/** The back office with its router, over the same browser history as the shell. */
export default function BackOffice() {
  return (
    <BrowserRouter>
      <LocationReporter />
      <App />
    </BrowserRouter>
  );
}
