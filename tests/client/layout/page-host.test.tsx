// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHost } from '../../../src/client/layout/page-host';

afterEach(cleanup);

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      typed {count}
    </button>
  );
}

/** PortalFrame's arrangement: one page rendered into one element, lent to whichever frame stands. */
function Frames({ full }: { full: boolean }) {
  const [host] = useState(() => document.createElement('div'));
  return (
    <>
      {full ? (
        <main className="full">
          <PageHost host={host} className="kc-page" />
        </main>
      ) : (
        <div className="light">
          <PageHost host={host} className="kc-page" />
        </div>
      )}
      {createPortal(<Counter />, host)}
    </>
  );
}

describe('PageHost: the page stays mounted when the frame around it changes', () => {
  it('moves the page into the new frame with its state', () => {
    const { rerender, container } = render(<Frames full={false} />);
    fireEvent.click(screen.getByRole('button'));
    fireEvent.click(screen.getByRole('button'));
    const button = screen.getByRole('button');
    expect(container.querySelector('.light .kc-page')?.contains(button)).toBe(true);

    act(() => rerender(<Frames full />));
    // The same element, with what the user did on it, now in the full frame.
    expect(screen.getByRole('button')).toBe(button);
    expect(button.textContent).toBe('typed 2');
    expect(container.querySelector('.full .kc-page')?.contains(button)).toBe(true);
    expect(container.querySelector('.light')).toBeNull();
  });
});
