/**
 * The bench's peer: a plain react-admin app as a team would start one against the same API —
 * ra-data-simple-rest, MUI defaults, the transactions list and one edit screen, sign-in on
 * `/v1/login`. Built by `scripts/bench/peer.ts` at bench time; not part of the product.
 */
import { createRoot } from 'react-dom/client';
import {
  Admin,
  Datagrid,
  DateField,
  EditGuesser,
  fetchUtils,
  List,
  NumberField,
  Resource,
  TextField,
  type AuthProvider,
} from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

const TOKEN = 'peer.token';

const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const token = localStorage.getItem(TOKEN);
  return fetchUtils.fetchJson(url, {
    ...options,
    ...(token ? { user: { authenticated: true, token: `Bearer ${token}` } } : {}),
  });
};

const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const { json } = await fetchUtils.fetchJson('/v1/login', {
      method: 'POST',
      body: JSON.stringify({ email: username, password }),
    });
    localStorage.setItem(TOKEN, (json as { access_token: string }).access_token);
  },
  async logout() {
    localStorage.removeItem(TOKEN);
  },
  async checkAuth() {
    if (!localStorage.getItem(TOKEN)) throw new Error('Not signed in');
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401) {
      localStorage.removeItem(TOKEN);
      throw error;
    }
  },
};

/** The report answers only for a chosen range of at most six months: the last 30 days, as ours opens. */
const day = (date: Date) => date.toISOString().slice(0, 10);
const LAST_30_DAYS = { created_at_gte: day(new Date(Date.now() - 30 * 86_400_000)), created_at_lte: day(new Date()) };

const TransactionList = () => (
  <List filter={LAST_30_DAYS} sort={{ field: 'created_at', order: 'DESC' }}>
    <Datagrid>
      <TextField source="reference_no" />
      <TextField source="customer_name" />
      <TextField source="payment_method" />
      <NumberField source="amount" />
      <TextField source="status" />
      <DateField source="created_at" showTime />
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root') as HTMLElement).render(
  <Admin dataProvider={simpleRestProvider('/v1', httpClient)} authProvider={authProvider}>
    <Resource name="report/transactions" options={{ label: 'Transactions' }} list={TransactionList} />
    <Resource name="employees" edit={EditGuesser} />
  </Admin>,
);
