import type { Entry } from '../translate.ts';
import type { mcp as en } from '../en/mcp.ts';

export const mcp: Record<keyof typeof en, Entry> = {
  'mcp.settings.title': '工具服务器',
  'mcp.settings.intro':
    'Quartet 运行此文件中列出的服务器的工具。服务器只能在文件中添加和修改；在这里可以关闭或打开已列出的服务器。',
  'mcp.settings.file': '文件',
  'mcp.settings.missing': '文件尚不存在。请用 {"mcpServers": {…}} 创建它，然后重新加载。',
  'mcp.settings.reload': '重新加载文件',
  'mcp.settings.start': '启动服务器',
  'mcp.settings.none': '文件中没有列出服务器。',
  'mcp.settings.problems': '未能读取的条目',
  'mcp.settings.use': '使用 {name}',
  'mcp.settings.stderr': '其错误输出的最后几行',
  'mcp.settings.stepLimit': '每条消息的工具步数',
  'mcp.settings.stepLimit.hint':
    '连续自动回答含工具调用的回复的次数，达到后 Quartet 停下来询问你（{min} 到 {max}）。',
  'mcp.state.disabled': '已关闭',
  'mcp.state.idle': '未启动',
  'mcp.state.starting': '正在启动…',
  'mcp.state.ready': (v) => `就绪 · ${v.count} 个工具`,
  'mcp.state.failed': '失败',

  'mcp.tools.title': '服务器工具',
  'mcp.tools.empty': '没有服务器工具。请在 mcp.json 中列出服务器（设置，工具服务器）。',
  'mcp.tools.load': '显示服务器工具',
  'mcp.tools.use': '使用 {server} 的 {tool}',
  'mcp.tools.sentAs': '以 {name} 发送',
  'mcp.tools.always': '在此对话中无需询问即运行：',
  'mcp.tools.askAgain': '重新询问',
  'mcp.tools.unavailable': '{server} 已关闭或失败：其工具不会发送。',

  'mcp.call.title': '在 {server} 上运行 {tool}？',
  'mcp.call.arguments': '参数',
  'mcp.call.run': '运行',
  'mcp.call.deny': '拒绝',
  'mcp.call.always': '在此对话中始终运行此工具',
  'mcp.call.reason': '理由（发回给模型）',
  'mcp.call.running': '正在运行…',
  'mcp.call.stop': '停止',
  'mcp.call.denied': '已拒绝',
  'mcp.call.stopped': '已停止',
  'mcp.call.failed': '工具失败',
  'mcp.call.result': '结果',
  'mcp.call.truncated': '结果已按输出上限截断。',
  'mcp.call.ms': '{ms} 毫秒',
  'mcp.call.image': '来自 {tool} 的图像',

  'mcp.notices.listFailed': '无法列出工具服务器：{message}',
  'mcp.notices.notRecorded': '拒绝已发回模型，但检查器未能记录：{message}',
  'mcp.notices.alwaysNotKept': '无法在对话中保存“始终运行”：{message}',
  'mcp.notices.stepLimit': '已连续执行 {max} 个工具步骤后停止（上限在设置中）。请自己回答下面的调用。',
};
