// Setup for the unit tests: a component test's findBy and waitFor wait for what the page shows after an
// event (a lazily loaded renderer such as KaTeX, a bridge round trip). Testing Library's 1 s default is
// shorter than a first dynamic import beside two busy neighbours on two cores; a wait that is already true
// returns at once, so a generous limit costs a passing test nothing. Only files that run in a DOM load it.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
