// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { DateField } from '@renderer/components/DateField';
import { renderScreen } from './render';

afterEach(cleanup);

/** A form's view of the field: the value it holds, shown beside it. */
function Holder({ initial = '', max }: { initial?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Kelt" value={value} onChange={setValue} max={max} />
      <output data-testid="held">{value}</output>
    </>
  );
}

const held = () => screen.getByTestId('held').textContent;

describe('DateField', () => {
  it('shows the date in the clerk\'s language and hands the form ISO; a language switch rereads it', async () => {
    const { i18n } = renderScreen(<Holder initial="2026-11-26" />, { language: 'hu' });
    const input = screen.getByRole('textbox', { name: 'Kelt' });
    expect((input as HTMLInputElement).value).toBe('2026. 11. 26.');
    expect(input.getAttribute('placeholder')).toBe('éééé. hh. nn.');
    fireEvent.change(input, { target: { value: ' 2028. 2. 29 ' } });
    expect(held()).toBe('2028-02-29');
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('2028. 02. 29.');
    await act(() => i18n.changeLanguage('de'));
    expect((input as HTMLInputElement).value).toBe('29.02.2028');
    expect(input.getAttribute('placeholder')).toBe('TT.MM.JJJJ');
  });

  it('an impossible date: the field says what to type, through the Field\'s error, and the form gets no date', () => {
    renderScreen(<Holder initial="2026-11-26" />, { language: 'hu' });
    const input = screen.getByRole('textbox', { name: 'Kelt' });
    fireEvent.change(input, { target: { value: '2026. 02. 30.' } });
    expect(held()).toBe('2026. 02. 30.');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Ilyen nap nincs a naptárban: valódi dátumot írjon be így: éééé. hh. nn. (például 2026. 11. 26.)');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    fireEvent.change(input, { target: { value: '2026-02-28' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(held()).toBe('2026-02-28');
  });

  it('empty stays empty; a date after max is refused with the latest date allowed', () => {
    renderScreen(<Holder initial="2026-11-20" max="2026-11-26" />, { language: 'en' });
    const input = screen.getByRole('textbox', { name: 'Kelt' });
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.blur(input);
    expect(held()).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: '27/11/2026' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('The latest date here is 26/11/2026.');
    expect(held()).not.toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the calendar: a grid from Monday with the field\'s date selected, keyboard picks, focus back in the field, max honoured', () => {
    renderScreen(<Holder initial="2026-11-25" max="2026-11-26" />, { language: 'en' });
    const input = screen.getByRole('textbox', { name: 'Kelt' });
    fireEvent.click(screen.getByRole('button', { name: 'Choose from the calendar' }));
    const grid = screen.getByRole('grid', { name: 'November 2026' });
    expect(screen.getAllByRole('columnheader').map((h) => h.getAttribute('abbr'))).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const selected = grid.querySelector('[aria-selected="true"]') as HTMLElement;
    expect(selected.dataset.date).toBe('2026-11-25');
    expect(document.activeElement).toBe(selected);
    expect(grid.querySelector('[data-date="2026-11-27"]')!.getAttribute('aria-disabled')).toBe('true');
    // Right twice: the second stops at max.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect((document.activeElement as HTMLElement).dataset.date).toBe('2026-11-26');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.queryByRole('grid')).toBeNull();
    expect(held()).toBe('2026-11-19');
    expect((input as HTMLInputElement).value).toBe('19/11/2026');
    expect(document.activeElement).toBe(input);
    // Escape closes without a pick.
    fireEvent.click(screen.getByRole('button', { name: 'Choose from the calendar' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('grid')).toBeNull();
    expect(held()).toBe('2026-11-19');
    expect(document.activeElement).toBe(input);
  });
});
