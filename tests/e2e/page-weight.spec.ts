import { carriesFormCodeOutOfPlace, LOGIN_JS_GZIP_BUDGET, loginRoute, weighRoute } from '../bench/page-weight';
import { expect, test } from './support/test';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

// A size, not a timing: the same build downloads the same bytes on any machine, however loaded.
test('the login page downloads at most the budget of gzipped JavaScript, with the data saver on', async ({ browser, baseURL }, testInfo) => {
  const weight = await weighRoute(browser, baseURL!, loginRoute);
  const figure = `${kB(weight.jsGzipBytes)} of gzipped JavaScript in ${weight.jsFiles} files (budget ${kB(LOGIN_JS_GZIP_BUDGET)})`;
  console.log(`login page: ${figure}`);
  testInfo.annotations.push({ type: 'login page weight', description: figure });
  expect(weight.jsGzipBytes).toBeLessThanOrEqual(LOGIN_JS_GZIP_BUDGET);
  expect(carriesFormCodeOutOfPlace(weight), `RJSF or ajv on the login page: ${JSON.stringify(weight.heavyCode)}`).toBe(false);
});
