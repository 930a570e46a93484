import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/** Opens an item of the summary editor for editing (its Edit link): the editor draws one row's controls and fields at a time (decision 250). */
export async function openItem(item: Locator) {
  await item.getByTestId('edit-item').click();
  await expect(item.getByTestId('close-item')).toBeVisible();
}

/** Opens a section for editing: its status, copy, moves, cards, library and "Move to room". */
export async function openSectionCard(section: Locator) {
  await section.getByTestId('edit-section').click();
  await expect(section.getByTestId('close-section')).toBeVisible();
}
