import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import { TableHead } from '~/components/data-table';
import { RowActionForm } from '~/components/form-actions';
import { keepDataForDialogs } from '~/components/dialog';
import { Toast } from '~/components/toast';
import { EmptyState } from '~/components/workspace/empty-state';
import { PageHeader } from '~/components/workspace/page-header';
import { RowIconLink } from '~/components/workspace/row-icon-link';
import { NewPanelLink, SidePanel, usePanel } from '~/components/workspace/side-panel';
import { listEmployees } from '~/models/employees.server';
import projectStyles from '~/styles/workspace-projects.css';
import { teamSheets } from '~/styles/sheets';
import { EMPLOYEE_MESSAGES, EMPTY_EMPLOYEES, mayGrantSubAdmin, mayManageEmployee } from '../../../server/contract/employees-rules';
import type { Employee } from '../../../server/contract/employees';
import { employeesAction } from './actions.server';
import { EmployeeForm } from './employee-form';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Employees') }, { name: 'description', content: "The firm's employees and their accounts." }];
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: projectStyles },
  ...teamSheets,
];

/**
 * The firm's employees (workspace-and-admin.md screen 11; docs/decisions/110): name, designation,
 * email, contact, address, edit, add, and Deactivate/Reactivate; the firm and its sub-admins only
 * (a plain employee gets the api's 403). `?panel=new` and `?panel=edit&item={id}` open the panel.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [, data] = await guarded(
    requireWorkspaceUser(request),
    required(listEmployees(request)),
  );
  return json(data);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return employeesAction(request);
}

export const shouldRevalidate = keepDataForDialogs;

export default function Employees() {
  const { employees, viewer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const panel = usePanel();
  // Only the employees the viewer may manage open in the panel (a sub-admin: plain employees only, decision 237).
  const editing = panel.open === 'edit' ? (employees.find((e) => e.id === panel.item && mayManageEmployee(viewer, e)) ?? null) : null;
  const panelOpen = panel.open === 'new' || editing !== null;
  const saved = actionData && 'result' in actionData ? actionData : null;
  const addButton = <NewPanelLink testId="add-employee">Add Employee</NewPanelLink>;
  return (
    <>
      <PageHeader title="Employees" description="The people of your firm. Each signs in with its own email and password and sees the projects it is a member of." actions={addButton} />
      {employees.length ? (
        <EmployeeTable employees={employees} editHref={(id) => panel.href('edit', id)} viewer={viewer} />
      ) : (
        <EmptyState title={EMPTY_EMPLOYEES} icon="employee" action={addButton}>
          Add your architects, designers and interns: each gets its own sign-in to the workspace.
        </EmptyState>
      )}
      {panelOpen ? (
        <SidePanel title={editing ? 'Edit Employee' : 'Add Employee'} closeTo={panel.closeTo} testId="employee-panel">
          <EmployeeForm key={editing?.id ?? 'new'} employee={editing} lastResult={saved?.result} actionData={saved} closeTo={panel.closeTo} canChangeSubAdmin={mayGrantSubAdmin(viewer)} />
        </SidePanel>
      ) : null}
      <Toast toast={saved?.toast} />
    </>
  );
}

function EmployeeTable({ employees, editHref, viewer }: { employees: Employee[]; editHref: (id: string) => string; viewer: { id: string; isOwner: boolean } }) {
  return (
    <table className="ws-employees" data-testid="employees">
      <TableHead columns={['Name', 'Designation', 'Email', 'Contact', 'Address']} actions rowClassName="ws-employees-head" />
      <tbody>
        {employees.map((employee) => {
          // A sub-admin manages plain employees only (the api's access layer says so too, decision 237).
          const mayManage = mayManageEmployee(viewer, employee);
          return (
            <tr key={employee.id} className={`ws-employee${employee.active ? '' : ' is-inactive'}`} data-testid="employee-row">
              <td className="ws-employee-name">
                <Avatar name={employee.name} size={36} />
                <span>
                  <strong>{employee.name}</strong>
                  {employee.isSubAdmin ? <span className="ws-badge ws-badge-brand">Sub Admin</span> : null}
                  {employee.active ? null : <span className="ws-badge">Deactivated</span>}
                  {employee.awaitingConfirmation ? (
                    <span className="ws-badge" data-testid="awaiting-confirmation">
                      {EMPLOYEE_MESSAGES.awaiting}
                    </span>
                  ) : null}
                </span>
              </td>
              <td className="ws-employee-designation">{employee.designation}</td>
              <td className="ws-employee-email">
                <a href={`mailto:${employee.email}`}>{employee.email}</a>
              </td>
              <td className="ws-employee-contact">{employee.contactNo || <span className="ws-empty-cell">—</span>}</td>
              <td className="ws-employee-address">{employee.address || <span className="ws-empty-cell">—</span>}</td>
              <td>
                <div className="ws-card-actions">
                  {mayManage ? <RowIconLink kind="edit" to={editHref(employee.id)} name={employee.name} testId="edit-employee" /> : null}
                  {mayManage && employee.awaitingConfirmation ? (
                    <RowActionForm id={employee.id} intent="resend" className="ws-text-button" testId="resend-confirmation">
                      Resend link
                    </RowActionForm>
                  ) : null}
                  {mayManage ? (
                    <RowActionForm
                      id={employee.id}
                      intent={employee.active ? 'deactivate' : 'reactivate'}
                      className={`ws-text-button${employee.active ? ' ws-text-danger' : ''}`}
                      testId={employee.active ? 'deactivate-employee' : 'reactivate-employee'}
                    >
                      {employee.active ? 'Deactivate' : 'Reactivate'}
                    </RowActionForm>
                  ) : null}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
