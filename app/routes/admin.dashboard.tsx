import { redirect } from '@remix-run/node';

// The super-admin session arrives with the verification capability; until then nobody is admitted.
export async function loader() {
  return redirect('/admin/login');
}

export default function Page() {
  return null;
}
