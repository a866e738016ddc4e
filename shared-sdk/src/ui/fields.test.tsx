import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { selectedSite } from '../site/store.js';
import { DateRangeFilter, FieldInput, StatusChip, dashboardColors, type DateRange } from './index.js';
import { fromPickerValue, toPickerValue } from './SitePickers.js';
import { typeDate } from './testing.js';

function RangeHarness({ initial, onChange }: { initial: DateRange; onChange: (range: DateRange) => void }) {
  const [range, setRange] = useState(initial);
  return (
    <DateRangeFilter
      value={range}
      onChange={(next) => {
        setRange(next);
        onChange(next);
      }}
    />
  );
}

beforeEach(() => {
  selectedSite.select({
    _id: '0190a000-0000-7000-8000-0000000000c1',
    name: 'Harbour Kitchen',
    location: { country: 'NZ', county: null, region: null, city: 'Auckland' },
    timeZoneId: 'Pacific/Auckland',
  });
});

describe('the date-range filter', () => {
  it('hands out site-local YYYY-MM-DD dates', async () => {
    const onChange = jest.fn();
    const { container } = render(<RangeHarness initial={{ from: null, to: null }} onChange={onChange} />);
    await typeDate(container, 'date-range-from', '01/03/2026');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-01', to: null });
  });

  it('keeps start ≤ end: an end before the start moves the start, a start after the end moves the end', async () => {
    const onChange = jest.fn();
    const { container } = render(
      <RangeHarness initial={{ from: '2026-03-10', to: '2026-03-20' }} onChange={onChange} />,
    );
    await typeDate(container, 'date-range-to', '05/03/2026');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-05', to: '2026-03-05' });
    await typeDate(container, 'date-range-from', '25/03/2026');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-25', to: '2026-03-25' });
  });

  it('deferred, it shows the range as a button, and the pickers only once asked, the first one focused', async () => {
    const onChange = jest.fn();
    const { container } = render(
      <DateRangeFilter deferred value={{ from: '2026-03-10', to: '2026-03-16' }} onChange={onChange} />,
    );
    const button = screen.getByRole('button', {
      name: /^From – To: .*10 Mar 2026 – .*16 Mar 2026\. Choose other dates$/,
    });
    expect(container.querySelector('#date-range-from')).toBeNull();
    await userEvent.setup().click(button);
    await waitFor(() => expect(container.querySelector('#date-range-from')).not.toBeNull());
    await waitFor(() => expect(container.querySelector('[role="group"] :focus, :focus')).not.toBeNull());
    await typeDate(container, 'date-range-to', '20/03/2026');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-10', to: '2026-03-20' });
  });
});

describe("dates in the site's time zone", () => {
  it('reads the calendar day where the site is, not where the browser is', () => {
    // 23:30 UTC on 29 March is already 30 March in Auckland.
    const instant = DateTime.fromISO('2026-03-29T23:30:00Z', { zone: 'UTC' });
    expect(fromPickerValue(instant, 'date', 'Pacific/Auckland')).toBe('2026-03-30');
    expect(fromPickerValue(instant, 'time', 'Europe/London')).toBe('00:30');
    expect(toPickerValue('2026-03-01', 'date', 'Pacific/Auckland')?.zoneName).toBe('Pacific/Auckland');
    expect(fromPickerValue(DateTime.invalid('half typed'), 'date', 'UTC')).toBe('');
    expect(fromPickerValue(null, 'date', 'UTC')).toBeNull();
  });

  it('gives a date field its label, required marker and message', async () => {
    const onChange = jest.fn();
    const { container } = render(
      <FieldInput
        field={{ kind: 'date', name: 'deliveredOn', label: 'Delivered on', required: true }}
        id="delivered"
        value={null}
        onChange={onChange}
        onBlur={() => undefined}
        error="Must be a date as YYYY-MM-DD"
        errors={{}}
        disabled={false}
        context={{ siteID: null, timeZone: 'Pacific/Auckland' }}
      />,
    );
    const group = await screen.findByRole('group', { name: /Delivered on/ });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Must be a date as YYYY-MM-DD');
    expect(screen.getByText('*')).toBeInTheDocument();
    await typeDate(container, 'delivered', '02/04/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-04-02');
  });
});

describe('status chips', () => {
  it('shows each dashboard state in its own colour and label', () => {
    render(<StatusChip status="completedOverdue" />);
    expect(screen.getByText('Completed overdue')).toBeInTheDocument();
    expect(Object.keys(dashboardColors)).toEqual([
      'upcoming',
      'completedOnTime',
      'completedOverdue',
      'overdue',
    ]);
    expect(new Set(Object.values(dashboardColors).map((style) => style.color)).size).toBe(4);
  });
});

describe('other field kinds', () => {
  const base = {
    onBlur: () => undefined,
    errors: {},
    disabled: false,
    context: { siteID: null, timeZone: 'UTC' },
  };

  it('hands a custom field its value, change handler and the messages inside it, relative to it', () => {
    const render_ = jest.fn(
      (props: {
        value: unknown;
        errors: Readonly<Record<string, string>>;
        onChange(value: unknown): void;
      }) => (
        <button type="button" onClick={() => props.onChange(['changed'])}>
          {Object.entries(props.errors).map(([path, message]) => `${path}: ${message}`)}
        </button>
      ),
    );
    const onChange = jest.fn();
    render(
      <FieldInput
        {...base}
        field={{ kind: 'custom', name: 'slots', label: 'Slots', render: render_ }}
        id="slots"
        value={['a']}
        onChange={onChange}
        error={undefined}
        errors={{ '0.from': 'Must be a time as HH:mm' }}
      />,
    );
    expect(render_).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'slots', label: 'Slots', value: ['a'] }),
    );
    fireEvent.click(screen.getByRole('button', { name: '0.from: Must be a time as HH:mm' }));
    expect(onChange).toHaveBeenCalledWith(['changed']);
  });

  it('labels a switch and ties its message to it', () => {
    const onChange = jest.fn();
    render(
      <FieldInput
        {...base}
        field={{ kind: 'switch', name: 'active', label: 'Active' }}
        id="active"
        value={false}
        onChange={onChange}
        error="Must be on"
      />,
    );
    const toggle = screen.getByRole('switch', { name: 'Active' });
    expect(toggle).toHaveAttribute('aria-invalid', 'true');
    expect(toggle).toHaveAccessibleDescription('Must be on');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('keeps a half-typed number and hands out number | null (NaN when not a number)', () => {
    const onChange = jest.fn();
    function Owner() {
      const [value, setValue] = useState<unknown>(null);
      return (
        <FieldInput
          {...base}
          field={{ kind: 'number', name: 'upperLimit', label: 'Upper limit', unit: '°C' }}
          id="upper"
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
          error={undefined}
        />
      );
    }
    render(<Owner />);
    const input = screen.getByRole('textbox', { name: 'Upper limit' });
    fireEvent.change(input, { target: { value: '-' } });
    expect(input).toHaveValue('-');
    expect(onChange).toHaveBeenLastCalledWith(Number.NaN);
    fireEvent.change(input, { target: { value: '-18' } });
    expect(onChange).toHaveBeenLastCalledWith(-18);
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

describe('password fields', () => {
  function renderPassword(autoComplete?: string) {
    const onChange = jest.fn();
    render(
      <FieldInput
        field={{ kind: 'password', name: 'newPassword', label: 'New password', autoComplete }}
        id="new-password"
        value="s3cret-Pass"
        onChange={onChange}
        onBlur={() => undefined}
        error={undefined}
        errors={{}}
        disabled={false}
        context={{ siteID: null, timeZone: 'UTC' }}
      />,
    );
    return { onChange, input: screen.getByLabelText('New password') };
  }

  it('hides what is typed and tells password managers which password it is', () => {
    const { input } = renderPassword('new-password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).toHaveValue('s3cret-Pass');
  });

  it('is the current password for autofill unless declared otherwise', () => {
    expect(renderPassword().input).toHaveAttribute('autocomplete', 'current-password');
  });

  it('shows and hides the password with a labelled toggle, keeping the caret in the field', () => {
    const { input } = renderPassword('new-password');
    input.focus();
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-controls', 'new-password');
    // Pressing the toggle does not take focus from the field.
    expect(fireEvent.mouseDown(show)).toBe(false);
    fireEvent.click(show);
    expect(input).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});
