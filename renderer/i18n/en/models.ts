import type { Entry } from '../translate.ts';

/** The model picker: the family's list, grouped and filtered, and free entry of an id. */
export const models = {
  'models.model': 'Model',
  'models.list': 'Models',
  'models.use': 'Use {model}',
  'models.hidden': 'This id has invisible or direction-changing characters: {id}',
  'models.loading': 'Loading models…',
  'models.placeholder': 'Choose or type a model id',
  'models.close': 'Close the model list',
  'models.open': 'Open the model list',
  'models.refresh': 'Refresh the model list',
  'models.failed.inList': 'Couldn’t fetch the model list ({error}). Type a model id to use it anyway.',
  'models.failed.label': 'Couldn’t fetch the model list: {error}',
  'models.failed.title': 'Couldn’t fetch the model list: {error}. Type a model id to use it anyway.',
  'models.failed.line': 'Couldn’t fetch the model list — {error}.',
  'models.suggested': 'Suggested for this tab',
  'models.other': 'Other models',
  'models.inUse.suggested': '{name}: suggested for this tab',
  'models.inUse.other': '{name}: other models',
  'models.free': 'Free entry',
  'models.none': 'No models in the list. Type an id to use it.',
  'models.unlisted': 'Not in the service’s list; it is sent as typed.',
} satisfies Record<string, Entry>;
