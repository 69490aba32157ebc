import { expect, test } from '@playwright/test';
import { text } from './support/catalogue';
import { signIn } from './support/session';
import { specTexts } from './support/spec-texts';

test('the profile form shows the Polish validation messages', async ({ page }) => {
  await signIn(page, 'klient');
  await page.goto('/panel/profil');
  const name = page.getByLabel(text('app.profile.name'), { exact: true });
  const phone = page.getByLabel(text('app.profile.phone'), { exact: true });
  const save = page.getByRole('button', { name: text('ra.action.save') }).first();
  await expect(name).not.toHaveValue('');

  const expectNameError = async (value: string, message: string) => {
    await name.fill(value);
    await save.click();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  };

  await expectNameError('', specTexts.nameRequired);
  await expect(page.getByText(specTexts.invalidForm)).toBeVisible();
  await expectNameError('Jo', specTexts.nameTooShort);
  await expectNameError('Jan3', specTexts.nameInvalidCharacters);

  await name.fill('Jan');
  await phone.fill('12');
  await save.click();
  await expect(page.getByText(specTexts.phoneInvalid, { exact: true })).toBeVisible();
});
