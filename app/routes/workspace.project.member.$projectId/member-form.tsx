import { useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { PanelActions, saveLabels } from '~/components/form-actions';
import { PanelForm } from '~/components/panel-form';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
import type { Member, UpdateMemberBody } from '../../../server/contract/workspace-members';

/** The Add/Edit Member side panel's form (screen 6): name and email, the spec's messages from the server. */
export function MemberForm({ member, lastResult, closeTo }: { member: Member | null; lastResult?: SubmissionResult<string[]> | null; closeTo: string }) {
  const saving = useSaving();
  const editing = member !== null;
  const [form, fields] = useForm<UpdateMemberBody>({
    id: editing ? `member-form-${member.id}` : 'member-form-new',
    lastResult,
    defaultValue: member ? { name: member.name, email: member.email } : {},
    ...SERVER_VALIDATION,
  });
  return (
    <PanelForm form={form} editId={member?.id} testId="member-form">
      <TextField label="Name" meta={fields.name} autoComplete="off" />
      <TextField label="Email" meta={fields.email} type="email" hint="An employee of your firm added here can work on this project." autoComplete="off" />
      <PanelActions cancelTo={closeTo} intent="save" busy={saving} {...saveLabels(editing)} testId="save-member" sidePanel />
    </PanelForm>
  );
}

/**
 * "Pick from Address Book" (docs/decisions/115): a select of the firm's contacts with an email and
 * a button; the action adds the chosen contact as a member. A plain form: works without JavaScript.
 */
export function PickContactForm({ contacts }: { contacts: Array<{ id: string; name: string; email: string; company: string }> }) {
  if (!contacts.length) return null;
  return (
    <Form method="post" className="ws-pick-contact" data-testid="pick-contact-form">
      <label htmlFor="pick-contact">Pick from Address Book</label>
      <div className="ws-pick-row">
        <select id="pick-contact" name="contactId" required defaultValue="">
          <option value="" disabled>
            Choose a contact…
          </option>
          {contacts.map((c) => (
            <option key={c.id} value={c.id}>
              {c.company ? `${c.name} (${c.company})` : c.name} · {c.email}
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value="pick" className="button button-ghost" data-testid="pick-contact">
          Add
        </button>
      </div>
      <p className="ws-pick-or">or type a new member below</p>
    </Form>
  );
}
