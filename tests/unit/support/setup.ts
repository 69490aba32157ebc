import { configure } from '@testing-library/react';

/*
 * On a loaded machine (a CI runner, other processes beside the suite) a screen may take seconds to
 * show what a test waits for. findBy* and waitFor wait on what is shown, up to this bound: it only
 * ends a test that would fail anyway, it is never a clock a test waits on.
 */
configure({ asyncUtilTimeout: 20_000 });
