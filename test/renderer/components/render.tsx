// Renders a component with a store of its own (see freshStore), as the app would with its store.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { StoreContext, type AppStore } from '../../../renderer/store/index.ts';

// jsdom lays nothing out: scrolling an option into view (the model list follows the keyboard) does nothing.
if (typeof Element !== 'undefined' && !('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined });
}

export function renderWithStore(ui: ReactElement, store: AppStore): RenderResult {
  return render(<StoreContext.Provider value={store}>{ui}</StoreContext.Provider>);
}
