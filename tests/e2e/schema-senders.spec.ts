import { text } from './support/catalogue';
import { expectToast, saveButton } from './support/schema-screens';
import { pageHeading } from './support/session';
import { expect, test } from './support/signed-in';
import type { Page } from './support/test';
import { specTexts } from './support/spec-texts';

const TITLE = 'resources.senders_config.title';
const roles: Record<string, 'combobox' | 'spinbutton'> = { config_type_id: 'combobox', smtp_port: 'spinbutton' };
/** A field of the form by its label (secrets are password boxes, which are text boxes too). */
const field = (page: Page, name: string) =>
  page.getByRole('main').getByRole(roles[name] ?? 'textbox', { name: text(`resources.senders_config.fields.${name}`), exact: true });

interface SenderCase {
  typeKey: string;
  /** What the user types, by field; write-only fields (secrets) must not show on the preview. */
  values: Record<string, string>;
  secrets: string[];
  /** A value one field refuses first, with the Polish message. */
  refused: { field: string; value: string; message: string };
  /** The sending domain whose DKIM record the preview shows (none for EmailLabs, which signs its own). */
  dkimDomain?: string;
  /** The whole From the preview shows. */
  address: string;
  /** What the form shows after the sender field: the service's domain, for the provider's method. */
  suffix?: string;
}

const cases: SenderCase[] = [
  {
    typeKey: 'resources.senders_config.types.product',
    values: { from: 'newsletter', from_name: 'Firma Kowalski' },
    secrets: [],
    refused: { field: 'from', value: 'newsletter@kowalski.example.com', message: text('validation.senders_config.from_local_part') },
    dkimDomain: 'newsletter.kowalski.example.com',
    address: 'Firma Kowalski <newsletter@newsletter.kowalski.example.com>',
    suffix: '@newsletter.kowalski.example.com',
  },
  {
    typeKey: 'resources.senders_config.types.smtp',
    values: {
      smtp_host: 'smtp.kowalski.example.com',
      smtp_port: '587',
      smtp_user: 'nadawca@kowalski.example.com',
      smtp_password: 'Haslo-Smtp-2026',
      from: 'newsletter@kowalski.example.com',
      from_name: 'Firma Kowalski SMTP',
    },
    secrets: ['smtp_password'],
    refused: { field: 'smtp_user', value: 'nadawca', message: specTexts.senderEmailInvalid },
    dkimDomain: 'kowalski.example.com',
    address: 'Firma Kowalski SMTP <newsletter@kowalski.example.com>',
  },
  {
    typeKey: 'resources.senders_config.types.email_labs',
    values: {
      api_host: 'https://api.emaillabs.example.com',
      api_key: 'klucz-api-2026',
      api_secret: 'sekret-api-2026',
      smtp_account: '1.kowalski.smtp',
      from: 'newsletter@kowalski.example.com',
      from_name: 'Firma Kowalski EmailLabs',
    },
    secrets: ['api_key', 'api_secret'],
    refused: { field: 'api_host', value: 'nie adres', message: text('validation.senders_config.api_host_invalid') },
    address: 'Firma Kowalski EmailLabs <newsletter@kowalski.example.com>',
  },
];

test.describe('the sender config', () => {
  for (const senderCase of cases) {
    test(`saves the ${text(senderCase.typeKey)} type and shows its preview`, async ({ page, services }) => {
      const formPath = `/usluga/${services.newsletter}/konfiguracja/metody_wysylki`;
      await page.goto(formPath);
      await expect(pageHeading(page)).toHaveText(text(TITLE));
      await field(page, 'config_type_id').click();
      await page.getByRole('option', { name: text(senderCase.typeKey), exact: true }).click();

      // The type's own fields appear; a wrong value is refused with its Polish message and the toast.
      for (const [name, value] of Object.entries(senderCase.values)) await field(page, name).fill(value);
      // The provider's method asks only the part before '@': the service's domain follows the field.
      if (senderCase.suffix) await expect(page.getByRole('main').getByText(senderCase.suffix, { exact: true })).toBeVisible();
      else await expect(page.getByRole('main').getByText(/^@/)).toHaveCount(0);
      const refusedField = field(page, senderCase.refused.field);
      await refusedField.fill(senderCase.refused.value);
      await saveButton(page).click();
      await expect(page.getByRole('main').getByText(senderCase.refused.message, { exact: true })).toBeVisible();
      await expect(refusedField).toHaveAttribute('aria-invalid', 'true');
      await expectToast(page, specTexts.invalidForm, 'alert');
      await expect(page).toHaveURL(formPath);

      await refusedField.fill(senderCase.values[senderCase.refused.field]);
      await saveButton(page).click();
      await expectToast(page, text('resources.senders_config.messages.updated'));
      await expect(page).toHaveURL(`${formPath}/szczegoly`);
      await expect(pageHeading(page)).toHaveText(text('app.schema.heading.show', { title: text(TITLE) }));

      const details = page.getByRole('main').locator('dl').first();
      await expect(details).toContainText(text(senderCase.typeKey));
      for (const [name, value] of Object.entries(senderCase.values)) {
        if (senderCase.secrets.includes(name)) await expect(details).not.toContainText(value);
        else await expect(details).toContainText(value);
      }
      await expect(page.getByRole('region', { name: text('resources.senders_config.address.title') })).toContainText(senderCase.address);
      // The DKIM record to publish for the sending domain, not yet in DNS; EmailLabs signs its own.
      const dkim = page.getByRole('region', { name: text('resources.senders_config.dkim.title') });
      if (senderCase.dkimDomain) {
        await expect(dkim).toContainText(new RegExp(`newsletter\\d+\\._domainkey\\.${senderCase.dkimDomain.replace(/\./g, '\\.')}`));
        await expect(dkim).toContainText(/v=DKIM1; k=rsa; p=/);
        await expect(dkim).toContainText(text('resources.senders_config.dkim.not_found'));
      } else {
        await expect(dkim).toHaveCount(0);
      }

      // Back on the form, the stored type and values come back; secrets stay empty and may stay so.
      await page.getByRole('main').getByRole('link', { name: text('ra.action.edit'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${formPath}/\\d+/edytuj$`));
      await expect(field(page, 'config_type_id')).toHaveText(text(senderCase.typeKey));
      for (const [name, value] of Object.entries(senderCase.values)) await expect(field(page, name)).toHaveValue(senderCase.secrets.includes(name) ? '' : value);
    });
  }

  test('requires a sender name', async ({ page, services }) => {
    await page.goto(`/usluga/${services.newsletter}/konfiguracja/metody_wysylki`);
    await expect(field(page, 'from_name')).toBeVisible();
    await field(page, 'from_name').fill('');
    await saveButton(page).click();
    await expect(page.getByRole('main').getByText(specTexts.senderFromNameRequired, { exact: true })).toBeVisible();
    await expectToast(page, specTexts.invalidForm, 'alert');
  });

  test('the product type sends a test message from the saved config', async ({ page, services }) => {
    const formPath = `/usluga/${services.newsletter}/konfiguracja/metody_wysylki`;
    await page.goto(formPath);
    await field(page, 'config_type_id').click();
    await page.getByRole('option', { name: text('resources.senders_config.types.product'), exact: true }).click();
    await field(page, 'from').fill('powiadomienia');
    await field(page, 'from_name').fill('Firma Kowalski');
    await saveButton(page).click();
    await expect(page).toHaveURL(`${formPath}/szczegoly`);

    await page.goto(formPath);
    const sendTest = page.getByRole('main').getByRole('button', { name: text('resources.senders_config.actions.test') });
    await expect(sendTest).toBeEnabled();
    await sendTest.click();
    await expectToast(page, specTexts.testMessageSent);
  });
});
