import { describe, expect, it } from 'vitest';
import { checkTrackedFile } from '../../src/tools/check-tree';

const root = '/srv/checkouts/panel';
// Built from parts: written whole, they would make this very file fail the check.
const homePath = (...parts: string[]) => ['', ...parts].join('/');
const problemsOf = (file: string, text?: string) => checkTrackedFile(file, text, root).map((p) => p.problem);

describe('check:tree', () => {
  it('refuses a tracked file that names the checkout or a home directory', () => {
    expect(problemsOf('tests/unit/a.test.ts', `import x from '${root}/src/server/app';`)).toEqual(['names an absolute path of a machine']);
    expect(problemsOf('src/a.ts', `const p = '${homePath('home', 'jan', 'panel', 'x')}';`)).toEqual(['names an absolute path of a machine']);
    expect(problemsOf('src/a.ts', `const p = "${homePath('Users', 'jan', 'panel')}/";`)).toEqual(['names an absolute path of a machine']);
  });

  it('refuses scratch files and test files outside the suites', () => {
    expect(problemsOf('tests/e2e3-explore.mts', '')).toContain('scratch file');
    expect(problemsOf('tests/e2e3-explore.mts', '')).toContain('test file outside tests/unit/, tests/api/, tests/e2e/, tests/bench/');
    expect(problemsOf('src/server/app.ts.orig', '')).toEqual(['scratch file']);
    expect(problemsOf('notes-scratch.md', '')).toEqual(['scratch file']);
  });

  it('accepts ordinary files, relative paths and system paths', () => {
    expect(problemsOf('tests/api/auth.test.ts', "import { x } from '../../src/server/app';")).toEqual([]);
    expect(problemsOf('.ci/run', 'pg_dir="$(mktemp -d /tmp/panel-ci-pg.XXXXXX)"\n/usr/bin/chromium')).toEqual([]);
    expect(problemsOf('src/client/screens/dashboard/UserDashboard.tsx', 'template')).toEqual([]);
    expect(problemsOf('src/server/platform/sanitizing/html.ts', 'attempt')).toEqual([]);
  });
});
