import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';

/** A select is named by its label alone: its caret is decoration, with no English "Open dropdown" beside the name. */
it('the caret carries no title and is hidden from assistive technology; the select keeps its name, value and ref', () => {
  const ref = createRef<HTMLSelectElement>();
  const { container } = render(
    <PlainSelect ref={ref} aria-label="Lingua" value="it-IT" onChange={() => undefined} options={[{ value: 'it-IT', label: 'Italiano' }, { value: 'en-US', label: 'English' }]} />,
  );
  expect(screen.getByRole('combobox', { name: 'Lingua' })).toHaveValue('it-IT');
  expect(ref.current).toBe(screen.getByRole('combobox'));
  expect(screen.queryByTitle('Open dropdown')).toBeNull();
  expect(container.querySelector('.bp6-icon')).toHaveAttribute('aria-hidden', 'true');
  expect(container.querySelector('svg title')).toBeNull();
});
