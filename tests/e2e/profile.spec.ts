import { expect, test } from './support/test';
import { text } from './support/catalogue';
import { E2E_PASSWORD } from './support/credentials';
import { signIn } from './support/session';
import { specTexts } from './support/spec-texts';

test('the profile form shows the Polish validation messages', async ({ page }) => {
  await signIn(page, 'klient');
  await page.goto('/panel/profil');
  const name = page.getByLabel(text('app.profile.name'), { exact: true });
  const phone = page.getByLabel(text('app.profile.phone'), { exact: true });
  const save = page.getByRole('button', { name: text('app.profile.save') });
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

test('the password form shows the Polish validation messages', async ({ page }) => {
  await signIn(page, 'klient');
  await page.goto('/panel/profil');
  const oldPassword = page.getByLabel(text('app.profile.password_old'), { exact: true });
  const newPassword = page.getByLabel(text('app.profile.password_new'), { exact: true });
  const confirmation = page.getByLabel(text('app.profile.password_confirm'), { exact: true });
  const change = page.getByRole('button', { name: text('app.profile.change_password') });

  await change.click();
  await expect(page.getByText(specTexts.oldPasswordRequired, { exact: true })).toBeVisible();
  await expect(page.getByText(specTexts.confirmationRequired, { exact: true })).toBeVisible();

  await oldPassword.fill(E2E_PASSWORD);
  await newPassword.fill('Nowe-Haslo-2026!');
  await confirmation.fill('Inne-Haslo-2026!');
  await change.click();
  await expect(page.getByText(specTexts.passwordsDiffer, { exact: true })).toBeVisible();

  // The current password (the demo one) as the new one: refused, so the account keeps its password.
  await newPassword.fill(E2E_PASSWORD);
  await confirmation.fill(E2E_PASSWORD);
  await change.click();
  await expect(page.getByText(specTexts.passwordSameAsOld, { exact: true })).toBeVisible();
});
