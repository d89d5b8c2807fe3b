import { KEY_FAMILIES } from '../../../shared/formats.ts';
import { choiceOption } from '../args.ts';
import { connect } from '../connection.ts';
import { flag, str, type CommandContext } from './context.ts';
import { compact } from '../../../shared/compact.ts';
import { displayName } from '../../../shared/display.ts';

export const modelsOptions = {
  family: { type: 'string' },
  json: { type: 'boolean' },
} as const;

export async function runModels(ctx: CommandContext): Promise<number> {
  const family = choiceOption('family', str(ctx.values, 'family'), KEY_FAMILIES);
  const client = connect(ctx.values, ctx.io.env, {}, (line) => ctx.term.err(line));
  const spinner = ctx.term.spinner('listing models');
  const { models } = await client
    .listModels(compact({ family: family || undefined, signal: ctx.signal }))
    .finally(() => spinner.stop());
  if (flag(ctx.values, 'json')) {
    ctx.term.out(`${JSON.stringify(models, null, 2)}\n`);
  } else {
    // a service names its models: a bidi override or a control character would make one id read as another
    for (const m of models) {
      ctx.term.out(`${displayName(m.id)}${m.ownedBy ? `  (${displayName(m.ownedBy)})` : ''}\n`);
    }
  }
  return 0;
}
