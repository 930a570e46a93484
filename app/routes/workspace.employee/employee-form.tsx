import { getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Field } from '~/components/field';
import { PanelActions, saveLabels } from '~/components/form-actions';
import { PanelForm } from '~/components/panel-form';
import type { ShownValue, WithStale } from '~/components/record-version';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { PasswordInput } from '~/components/password-input';
import { TextField } from '~/components/text-field';
import { designationChoice, DESIGNATIONS } from '../../../server/contract/employees-rules';
import type { CreateEmployeeBody, Employee } from '../../../server/contract/employees';

/**
 * The Add/Edit Employee side panel's form (screen 11): name, designation (Other asks for its own
 * text: shown only when chosen with JavaScript, always without), email, mobile, address, password
 * twice (left blank when editing keeps it) and Is Sub Admin. The spec's messages come from the server.
 */
/** An employee's details as the form labels them, shown as they now are after a stale save (docs/decisions/320). */
const EMPLOYEE_SHOWN: ShownValue[] = [
  { key: 'name', label: 'Name' },
  { key: 'designation', label: 'Designation' },
  { key: 'email', label: 'Email' },
  { key: 'contactNo', label: 'Mobile' },
  { key: 'address', label: 'Address' },
  { key: 'isSubAdmin', label: 'Sub-admin' },
  { key: 'canSeeFinancials', label: 'Can see financials' },
];

export function EmployeeForm({
  employee,
  lastResult,
  actionData,
  closeTo,
  canChangeSubAdmin,
}: {
  employee: Employee | null;
  lastResult?: SubmissionResult<string[]> | null;
  actionData?: WithStale;
  closeTo: string;
  /** Only the firm account grants or removes sub-admin access (decision 237). */
  canChangeSubAdmin: boolean;
}) {
  const saving = useSaving();
  const hydrated = useHydrated();
  const editing = employee !== null;
  const initial = designationChoice(employee?.designation ?? null);
  const [form, fields] = useForm<CreateEmployeeBody>({
    id: editing ? `employee-form-${employee.id}` : 'employee-form-new',
    lastResult,
    defaultValue: employee
      ? { name: employee.name, ...initial, email: employee.email, mobile: employee.contactNo, address: employee.address, isSubAdmin: employee.isSubAdmin ? 'on' : undefined, canSeeFinancials: employee.canSeeFinancials ? 'on' : undefined }
      : {},
    ...SERVER_VALIDATION,
  });
  const [choice, setChoice] = useState<string>((fields.designation.initialValue as string | undefined) ?? initial.designation);
  const showOther = !hydrated || choice === 'Other';
  return (
    <PanelForm form={form} editId={employee?.id} testId="employee-form" versioned={employee ? { read: employee.version, actionData, shown: EMPLOYEE_SHOWN } : null}>
      <TextField label="Name" meta={fields.name} autoComplete="off" />
      <Field label="Designation" meta={fields.designation}>
        <select {...getSelectProps(fields.designation)} onChange={(e) => setChoice(e.currentTarget.value)}>
          <option value="">Choose a designation</option>
          {DESIGNATIONS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </Field>
      {showOther ? (
        <TextField label="Other designation" meta={fields.designationOther} hint={hydrated ? undefined : 'Only when the designation is Other.'} autoComplete="off" placeholder="e.g. Site engineer" />
      ) : null}
      {/* A confirmed address is its person's: they change it in Setting (decision 236). */}
      <TextField
        label="Email"
        meta={fields.email}
        type="email"
        autoComplete="off"
        readOnly={editing && !employee.awaitingConfirmation}
        hint={editing && !employee.awaitingConfirmation ? 'Confirmed by the employee: they change it in Setting.' : editing ? undefined : 'We mail a link to this address; the account signs in once its person confirms.'}
      />
      <TextField label="Mobile" meta={fields.mobile} type="tel" inputMode="numeric" autoComplete="off" placeholder="10 digits" />
      <Field label="Address" meta={fields.address}>
        <textarea {...getInputProps(fields.address, { type: 'text' })} rows={2} />
      </Field>
      <div className="ws-form-pair">
        <Field label="Password" meta={fields.password} hint={editing ? 'Leave blank to keep the current password.' : undefined}>
          <PasswordInput {...getInputProps(fields.password, { type: 'password' })} autoComplete="new-password" />
        </Field>
        <Field label="Confirm password" meta={fields.confirmPassword}>
          <PasswordInput {...getInputProps(fields.confirmPassword, { type: 'password' })} autoComplete="new-password" />
        </Field>
      </div>
      {canChangeSubAdmin ? (
        <label className="checkbox ws-check" htmlFor={fields.isSubAdmin.id}>
          <input {...getInputProps(fields.isSubAdmin, { type: 'checkbox' })} />
          <span>
            Is Sub Admin <span className="muted">— manages projects, members, employees and tasks of the firm</span>
          </span>
        </label>
      ) : null}
      <label className="checkbox ws-check" htmlFor={fields.canSeeFinancials.id}>
        <input {...getInputProps(fields.canSeeFinancials, { type: 'checkbox' })} data-testid="can-see-financials" />
        <span>
          Can see financials <span className="muted">— sees and edits trade prices, net profit and markup</span>
        </span>
      </label>
      <PanelActions cancelTo={closeTo} intent="save" busy={saving} {...saveLabels(editing)} testId="save-employee" sidePanel />
    </PanelForm>
  );
}
