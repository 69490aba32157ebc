/**
 * npm run check:tree — what is tracked works on any machine:
 *   - no tracked file names an absolute path of this checkout or of a home directory
 *     (a file that does passes here and fails on every other machine);
 *   - no tracked file is scratch work: exploration or backup files, or test files outside the
 *     suites' folders (tests/unit, tests/api, tests/e2e, tests/bench).
 * Reads the list of tracked files from git; prints one line per problem and exits 1 when there is any.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SUITE_FOLDERS = ['tests/unit/', 'tests/api/', 'tests/e2e/', 'tests/bench/'];
const SCRATCH_NAME = /(?:^|[/._-])(?:scratch|explore|exploration|wip|tmp|temp|untitled)(?:[._-]|\.\w+$|$)|\.(?:orig|rej|bak|swp)$|~$/i;
// Home directories on Linux, macOS and Windows; the checkout's own path is checked separately.
const HOME_PATH = /(?:^|[\s'"`(=:])(?:\/home\/[\w.-]+\/|\/Users\/[\w.-]+\/|\/root\/|[A-Z]:\\Users\\)/;
const BINARY = /\.(?:png|jpe?g|gif|webp|ico|woff2?|ttf|pdf|zip|gz)$/i;

export interface TreeProblem {
  file: string;
  problem: string;
}

/** The problems of a tracked file, given its path (relative, with /) and its text (undefined for binary files). */
export function checkTrackedFile(file: string, text: string | undefined, checkoutRoot: string): TreeProblem[] {
  const problems: TreeProblem[] = [];
  if (SCRATCH_NAME.test(path.posix.basename(file))) problems.push({ file, problem: 'scratch file' });
  if (file.startsWith('tests/') && !SUITE_FOLDERS.some((folder) => file.startsWith(folder))) {
    problems.push({ file, problem: `test file outside ${SUITE_FOLDERS.join(', ')}` });
  }
  if (text !== undefined) {
    const root = checkoutRoot.replace(/[/\\]+$/, '');
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      if ((root.length > 1 && line.includes(root)) || HOME_PATH.test(line)) {
        problems.push({ file: `${file}:${index + 1}`, problem: 'names an absolute path of a machine' });
      }
    });
  }
  return problems;
}

function trackedFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
}

function main(): void {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const problems = trackedFiles(root).flatMap((file) => {
    let text: string | undefined;
    if (!BINARY.test(file)) {
      try {
        text = readFileSync(path.join(root, file), 'utf8');
      } catch {
        text = undefined; // tracked but deleted in the work tree
      }
    }
    return checkTrackedFile(file, text, root);
  });
  for (const { file, problem } of problems) console.error(`${file}: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log('check:tree: no absolute paths, no scratch files.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
