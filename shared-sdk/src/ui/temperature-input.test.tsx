import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { fromCelsius, toCelsius, type TemperatureUnit } from '../contract/units.js';
import { siteFormat } from './site-format.js';
import { celsiusToSend, TemperatureInput } from './index.js';

// The console's one temperature field: typed and shown in the site's unit, its messages said in that unit
// whatever unit the contract wrote them in, and the °C it sends unchanged for a value left as it was.

function Harness({
  unit,
  initial = null,
  error,
  required,
  onChange = () => undefined,
}: {
  unit: TemperatureUnit;
  initial?: number | null;
  error?: string;
  required?: boolean;
  onChange?: (value: number | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TemperatureInput
      id="reading"
      label="Reading"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      unit={unit}
      error={error}
      required={required}
      helperText="As the probe shows it"
    />
  );
}

describe('the field', () => {
  test('names its unit with its label, and offers a decimal keyboard', () => {
    render(<Harness unit="F" initial={41} required />);
    const field = screen.getByRole('textbox', { name: 'Reading °F' });
    expect(field).toHaveValue('41');
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(field).toHaveAccessibleDescription('As the probe shows it');
  });

  test('keeps "-" and "1." while they are typed, and hands out numbers, null when cleared', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Harness unit="C" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Reading °C' });
    await user.type(field, '-1.');
    expect(field).toHaveValue('-1.');
    await user.type(field, '5');
    expect(field).toHaveValue('-1.5');
    expect(onChange).toHaveBeenLastCalledWith(-1.5);
    await user.clear(field);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  test('a decimal comma is read as a point; what is not a number is handed out as NaN for the contract to name', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Harness unit="C" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Reading °C' });
    await user.type(field, '3,5');
    expect(onChange).toHaveBeenLastCalledWith(3.5);
    await user.clear(field);
    await user.type(field, 'warm');
    expect(onChange).toHaveBeenLastCalledWith(NaN);
    expect(field).toHaveValue('warm');
  });
});

describe("the contract's messages", () => {
  test.each([
    ['Must be at most 300 °C', 'Must be at most 572 °F'],
    ['Must be at least -60 °C', 'Must be at least -76 °F'],
    ['A fridge limit must lie between -5 and 15 °C', 'A fridge limit must lie between 23 and 59 °F'],
    ['Must be a temperature in °C', 'Must be a temperature in °F'],
    // Built in the site's unit already (its rule set's limit): left as it is.
    [
      'Above 46.4 °F, the legal maximum for a fridge: confirm it with a reason',
      'Above 46.4 °F, the legal maximum for a fridge: confirm it with a reason',
    ],
    ['Upper limit is required', 'Upper limit is required'],
  ])('"%s" is said at an American site as "%s"', (message, said) => {
    render(<Harness unit="F" error={message} />);
    const field = screen.getByRole('textbox', { name: 'Reading °F' });
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(said);
  });

  test('are said as they are at a site in °C', () => {
    render(<Harness unit="C" error="A fridge limit must lie between -5 and 15 °C" />);
    expect(screen.getByRole('textbox', { name: 'Reading °C' })).toHaveAccessibleDescription(
      'A fridge limit must lie between -5 and 15 °C',
    );
  });
});

describe('the °C sent', () => {
  const fahrenheit = siteFormat('F', 'America/New_York', 'en-US');

  test('is the stored value while the value shown is left as it was', () => {
    // 9.4 °C shows as 48.9 °F, which converted back would be 9.39 °C.
    expect(fromCelsius(9.4, 'F')).toBe(48.9);
    expect(celsiusToSend(48.9, 9.4, fahrenheit)).toBe(9.4);
  });

  test('is the value typed, converted, once it changes', () => {
    expect(celsiusToSend(41, 9.4, fahrenheit)).toBe(5);
    expect(celsiusToSend(139.5, null, fahrenheit)).toBe(toCelsius(139.5, 'F'));
  });

  test('is null or NaN as typed, for the contract to name', () => {
    expect(celsiusToSend(null, 9.4, fahrenheit)).toBeNull();
    expect(celsiusToSend(NaN, 9.4, fahrenheit)).toBeNaN();
  });
});
