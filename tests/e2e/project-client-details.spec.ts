import { apiCall, expect, loginAs, ready, test } from './fixtures';
import { createProject, newFirm } from './workspace-helpers';

/**
 * A project's client details from the Address Book (decision 384), JavaScript on and off: a client
 * picked there by name, its details left empty, and the project holds the contact's phone, email
 * and address instead of refusing the empty field.
 */

test('client details left empty for an Address Book client are filled from its contact', async ({ page, js }) => {
  const firm = await newFirm();
  const contact = await apiCall('POST', '/contacts', { name: 'Meera Iyer', company: 'Smile Dental', kind: 'client', email: 'meera@example.test', phone: '+91 98200 12345', state: 'Maharashtra', address: '4 Hill Road, Bandra' }, firm.token);
  expect(contact.status).toBe(201);
  const project = await createProject(firm.token, { projectName: 'Bandra Clinic' });
  await loginAs(page, firm.email, firm.password);
  await page.goto(`/workspace/project?panel=edit&item=${project.id}`);
  await ready(page, js);
  const panel = page.getByTestId('project-form');
  await panel.getByLabel('Client name').fill('Meera Iyer');
  await panel.getByLabel('Client details').fill('');
  await panel.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Project updated successfully');

  await page.goto(`/workspace/project?panel=edit&item=${project.id}`);
  await ready(page, js);
  const details = page.getByTestId('project-form').getByLabel('Client details');
  await expect(details).toHaveValue('Smile Dental\nPhone +91 98200 12345\nEmail meera@example.test\n4 Hill Road, Bandra, Maharashtra');
});
