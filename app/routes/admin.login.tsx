import { json } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';

export async function loader() {
  return json(null);
}

export default function Page() {
  return <ComingSoon title="Admin log in" />;
}
