import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PostComposer } from './PostComposer';

const renderComposer = () => render(<PostComposer />);

beforeEach(() => sessionStorage.clear());

// Whether the closed form is shown is admin.css's matter (phones only); this is the state around it.
describe("the administrator's 'Write a post'", () => {
  it('starts closed, and left open stays open for the session', async () => {
    const user = userEvent.setup();
    const { unmount } = renderComposer();
    const toggle = screen.getByRole('button', { name: 'Write a post' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    unmount();

    renderComposer();
    expect(screen.getByRole('button', { name: 'Write a post' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('keeps the form, and what was typed, while closed', async () => {
    const user = userEvent.setup();
    renderComposer();
    const toggle = screen.getByRole('button', { name: 'Write a post' });
    await user.click(toggle);
    await user.type(screen.getByRole('textbox', { name: 'Post title' }), 'Keeper deal close');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('textbox', { name: 'Post title' })).toHaveValue('Keeper deal close');
  });
});
