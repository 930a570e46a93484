import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';
import { requireFirm } from '~/utils/auth.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireFirm(request);
  return json(null);
}

export default function Page() {
  return <ComingSoon title="Demand box" />;
}
