import { renderHook } from '@testing-library/react';
import { session } from '../session/store.js';
import { chooseSite, demoIds, resetBrowserState, signInAs } from '../testing/index.js';
import { siteFormat, useSiteFormat } from './site-format.js';

// A site's wall times (a due time, an opening) on the clock its dates are written with.

const british = siteFormat('C', 'Europe/London', 'en-GB');
const american = siteFormat('F', 'America/New_York', 'en-US');

describe("a wall time on the site's clock", () => {
  it('reads on a 24-hour clock at a British site and a 12-hour one at an American site', () => {
    expect(british.wallTime('17:30')).toBe('17:30');
    expect(british.wallTime('08:05')).toBe('08:05');
    expect(american.wallTime('17:30')).toMatch(/^5:30\sPM$/);
    expect(american.wallTime('08:05')).toMatch(/^8:05\sAM$/);
  });

  it('is the time of day it says, whatever zone the site is in', () => {
    // Not an instant: 23:30 is not moved to the next day in Auckland or the day before in Hawaii.
    expect(siteFormat('C', 'Pacific/Auckland', 'en-GB').wallTime('23:30')).toBe('23:30');
    expect(siteFormat('F', 'Pacific/Honolulu', 'en-US').wallTime('00:30')).toMatch(/^12:30\sAM$/);
  });

  describe('as the screens write it', () => {
    beforeEach(() => {
      resetBrowserState();
      signInAs('ORGANIZATION_ADMIN');
    });

    /** 17:30 as a screen shows it now (the hook let go, so later changes re-render nothing). */
    function wallTimeOf() {
      const { result, unmount } = renderHook(() => useSiteFormat().wallTime('17:30'));
      unmount();
      return result.current;
    }

    it("in the selected site's locale", () => {
      chooseSite(demoIds.brighton);
      expect(wallTimeOf()).toBe('17:30');
      chooseSite(demoIds.manchester, { name: 'Brooklyn', american: true });
      expect(wallTimeOf()).toMatch(/^5:30\sPM$/);
    });

    it('in the format the person chose, whichever site is selected', () => {
      chooseSite(demoIds.manchester, { name: 'Brooklyn', american: true });
      session.updateUser({ dateFormat: 'en-GB' });
      expect(wallTimeOf()).toBe('17:30');
      chooseSite(demoIds.brighton);
      session.updateUser({ dateFormat: 'en-US' });
      expect(wallTimeOf()).toMatch(/^5:30\sPM$/);
    });
  });
});
