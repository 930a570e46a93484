import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';
import { requireUser } from '~/utils/auth.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return json(null);
}

export default function Page() {
  return <ComingSoon title="Firms" />;
}
