import type { Entry } from '../translate.ts';

/** Tool servers (MCP): Settings, the Tools section's server tools, and the calls the model makes to them. */
export const mcp = {
  'mcp.settings.title': 'Tool servers (MCP)',
  'mcp.settings.intro':
    'Quartet runs the tools of the servers listed in this file. Servers are added and changed only in the file; here you can switch a listed one off or on.',
  'mcp.settings.file': 'File',
  'mcp.settings.missing': 'The file does not exist yet. Create it with {"mcpServers": {…}}, then reload.',
  'mcp.settings.reload': 'Reload file',
  'mcp.settings.start': 'Start servers',
  'mcp.settings.none': 'The file lists no servers.',
  'mcp.settings.problems': 'Entries not read',
  'mcp.settings.use': 'Use {name}',
  'mcp.settings.stderr': 'Last lines of its error output',
  'mcp.settings.stepLimit': 'Tool steps per message',
  'mcp.settings.stepLimit.hint':
    'Replies with tool calls answered in a row before Quartet stops and asks you ({min} to {max}).',
  'mcp.state.disabled': 'off',
  'mcp.state.idle': 'not started',
  'mcp.state.starting': 'starting…',
  'mcp.state.ready': (v) => `ready · ${v.count} tool${v.count === 1 ? '' : 's'}`,
  'mcp.state.failed': 'failed',

  'mcp.tools.title': 'Server tools',
  'mcp.tools.empty': 'No server tools. List servers in mcp.json (Settings, Tool servers).',
  'mcp.tools.load': 'Show server tools',
  'mcp.tools.use': 'Use {tool} of {server}',
  'mcp.tools.sentAs': 'sent as {name}',
  'mcp.tools.always': 'Runs without asking in this conversation:',
  'mcp.tools.alwaysColumn': 'Runs without asking in this column:',
  'mcp.tools.alwaysColumns': 'Runs without asking in one or more of these columns:',
  'mcp.tools.askAgain': 'Ask again',
  'mcp.tools.unavailable': '{server} is off or failed: its tools are not sent.',

  'mcp.call.title': 'Run {tool} on {server}?',
  'mcp.call.arguments': 'Arguments',
  'mcp.call.run': 'Run',
  'mcp.call.deny': 'Deny',
  'mcp.call.always': 'Always run this tool in this conversation',
  'mcp.call.alwaysComparison': 'Always run this tool in this comparison',
  'mcp.call.alwaysColumn': 'Always run this tool in this column',
  'mcp.call.reason': 'Reason (sent back to the model)',
  'mcp.call.running': 'Running…',
  'mcp.call.stop': 'Stop',
  'mcp.call.denied': 'Denied',
  'mcp.call.stopped': 'Stopped',
  'mcp.call.failed': 'The tool failed',
  'mcp.call.result': 'Result',
  'mcp.call.truncated': 'The result was cut to the output cap.',
  'mcp.call.ms': '{ms} ms',
  'mcp.call.image': 'Image from {tool}',

  'mcp.notices.listFailed': 'The tool servers could not be listed: {message}',
  'mcp.notices.notRecorded':
    'The denial went back to the model but the inspector could not record it: {message}',
  'mcp.notices.alwaysNotKept': '"Always run" could not be kept with the conversation: {message}',
  'mcp.notices.stepLimit':
    'Stopped after {max} tool steps in a row (the limit is in Settings). Answer the calls below yourself.',
} satisfies Record<string, Entry>;
