// The browser files known to run longest start first, so the two workers end together: without a timing cache (a
// clean clone in CI) Jest orders by file size, and the axe audit of every screen (small file, minutes of work) would
// start last and run alone. Past these, Jest's own order.
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST = ['accessibility.test.ts', 'contact-work.test.ts', 'contacts-list.test.ts', 'english.test.ts'];
const rank = (test) => {
  const index = LONGEST.findIndex((name) => test.path.endsWith(`/${name}`));
  return index === -1 ? LONGEST.length : index;
};

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    return super.sort(tests).map((test, order) => ({ test, order })).sort((a, b) => rank(a.test) - rank(b.test) || a.order - b.order).map(({ test }) => test);
  }
}

module.exports = LongestFirstSequencer;
