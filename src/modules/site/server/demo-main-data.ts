import { demoServiceId, insertDemoRecord, type ModuleDemoSeed } from '../../../server/platform/db/demo';
import { t } from '../../../server/platform/http/errors';

const text = (key: string) => t(`demo.site_main_data.${key}`);

/**
 * klient's site gets its main data: the office's record with its opening hours, additional data,
 * contacts, positions and its seat on the map, so that every tab of moduly/dane shows something.
 */
export const mainDataDemo: ModuleDemoSeed = {
  name: 'site-main-data',
  async seed(tx, api) {
    if (!api.schemaModules.has('main_data')) return;
    const serviceId = await demoServiceId(tx, 'demo.services.klient_site');
    const insert = (resource: string, values: Record<string, unknown>) => insertDemoRecord(tx, api, resource, { serviceId }, values);

    await insert('main_data', {
      name: text('name'),
      street: text('street'),
      building: '12',
      postal_code: '00-950',
      city: text('city'),
      nip: '1234563218',
      regon: '123456785',
      email: 'urzad@przykladowo.pl',
      phone: '+48 22 123 45 67',
      epuap: '/ugprzykladowo/SkrytkaESP',
      opening_hours: [
        { days: text('hours.monday'), hours: '8:00–17:00' },
        { days: text('hours.tuesday_thursday'), hours: '7:30–15:30' },
        { days: text('hours.friday'), hours: '7:30–14:00' },
      ],
    });
    for (const key of ['bank_account', 'teryt', 'bip']) {
      await insert('main_data_additional', { label: text(`additional.${key}.label`), value: text(`additional.${key}.value`) });
    }
    const contacts = [
      { key: 'office', phone: '22 123 45 67', email: 'sekretariat@przykladowo.pl' },
      { key: 'cashier', phone: '22 123 45 69' },
      { key: 'registry', phone: '22 123 45 70', email: 'usc@przykladowo.pl' },
    ];
    for (const { key, ...contact } of contacts) await insert('main_data_contacts', { name: text(`contacts.${key}`), ...contact });
    const positions = [
      { key: 'mayor', person: 'Anna Nowak', phone: '22 123 45 60', email: 'wojt@przykladowo.pl' },
      { key: 'secretary', person: 'Piotr Wiśniewski', phone: '22 123 45 61', email: 'sekretarz@przykladowo.pl' },
      { key: 'treasurer', person: 'Jan Kowalski', phone: '22 123 45 62' },
    ];
    for (const { key, ...position } of positions) await insert('main_data_positions', { position: text(`positions.${key}`), ...position });
    await insert('main_data_map', { location: { latitude: 52.2297, longitude: 21.0122 }, zoom: 16 });
  },
};
