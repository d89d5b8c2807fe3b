import type { Entry } from '../translate.ts';
import type { cost as en } from '../en/cost.ts';

export const cost: Record<keyof typeof en, Entry> = {
  'cost.label': '费用',
  'cost.part.input': '输入',
  'cost.part.cachedInput': '缓存输入',
  'cost.part.cacheWrite': '缓存写入',
  'cost.part.output': '输出',
  'cost.part.thinking': '思考',
  'cost.perMillion': '{price}/百万',
  'cost.line': '{part}：{tokens} 个 token × {price} = {amount}',
  'cost.line.total': '{part}：{tokens} 个 token，{amount}',
  'cost.reply.title': '按你为 {pattern} 设置的价格（每百万 token）：',
  'cost.conversation.title': '当前显示的回复，按你设置的价格：',
  'cost.unpriced': (v) => `有 ${String(v.count)} 条回复没有价格，未计入。`,
  'cost.atLeast': '至少 {amount}',

  'cost.cheapest': '最便宜',
  'cost.dearest': '最贵',
  'cost.prices.title': '价格',
  'cost.prices.intro':
    '可选：每个模型的价格，按每百万 token 计。设置后，回复、对话和对比列会显示费用；没有价格的模型不显示费用。',
  'cost.prices.currency': '货币',
  'cost.prices.currency.hint': '三个字母的货币代码（USD、EUR、CNY）。金额只标注货币，不做换算。',
  'cost.prices.currency.invalid': '请输入三个字母的货币代码，例如 USD。',
  'cost.prices.rule':
    '模型：填写完整的模型 ID，或用 * 代表任意字符的模式（如 {pattern}）。完整 ID 优先于模式；多个模式都匹配时，除 * 以外字符最多的那个优先（{specific} 优先于 {pattern}）。不区分大小写。回复按服务返回的模型计价；若返回的是带日期的版本（如 {dated}），则按发送时选择的模型计价。',
  'cost.prices.blanks':
    '缓存输入留空：按输入价格计。思考留空：按输出价格计（各格式都把思考按输出计费）。缓存写入留空：写入了提示缓存的回复（Messages）不显示费用。',
  'cost.prices.model': '模型或模式',
  'cost.prices.unit': '价格按每百万 token 计，单位 {currency}',
  'cost.prices.modelLabel': '模型或模式，第 {row} 行',
  'cost.prices.fieldLabel': '{field}价格，第 {row} 行',
  'cost.prices.add': '添加价格',
  'cost.prices.remove': '删除第 {row} 行',
  'cost.prices.empty': '还没有价格，因此不显示费用。',
  'cost.prices.saved': '已保存。',
  'cost.prices.unsaved': '未保存：请修正标出的字段。在此之前，费用按上次保存的价格计算。',
  'cost.prices.import': '导入…',
  'cost.prices.export': '导出',
  'cost.prices.example': '示例文件',
  'cost.prices.example.note':
    '导入接受这样的文件（或只有价格行的列表）。其中的数字仅作示例，并非任何服务的实际价格。',

  'cost.problem.model.empty': '请输入模型 ID 或模式。',
  'cost.problem.model.space': '模型 ID 或模式中不能有空格。',
  'cost.problem.model.too-long': '模型 ID 或模式最多 {max} 个字符。',
  'cost.problem.model.duplicate': '第 {row} 行已经为这个模型定价。',
  'cost.problem.missing': '{field}：必填。',
  'cost.problem.invalid': '{field}：应为 0 到 {max} 之间的数字，例如 1.25。',
  'cost.problem.not-object': '不是价格行（应为包含 model、input 和 output 的对象）。',
  'cost.problem.unknown-field':
    '未知字段“{name}”（可用字段为 model、input、cachedInput、cacheWrite、output 和 thinking）。',

  'cost.import.done': '来自“{file}”：新增 {added} 行，更新 {replaced} 行。',
  'cost.import.skipped': '跳过的行：{count}',
  'cost.import.row': '第 {position} 行：{reasons}',
  'cost.import.rowNamed': '第 {position} 行“{model}”：{reasons}',
  'cost.import.more': '……另有 {count} 行。',
  'cost.import.full': '超出 {max} 行上限而未导入的行：{count}。',
  'cost.import.notSaved': '尚未保存：请修正下方标出的行。',
  'cost.import.error.not-json': '无法导入“{file}”：它不是 JSON。',
  'cost.import.error.too-large': '无法导入“{file}”：文件超过 1 MB，远超价格表的正常大小。',
  'cost.import.error.no-prices': '无法导入“{file}”：其中没有价格列表（“prices”列表或价格行列表）。',
  'cost.import.error.currency': '无法导入“{file}”：其货币不是三个字母的代码（例如 USD）。',
  'cost.import.error.currencyDiffers':
    '“{file}”使用 {fileCurrency}，而价格表使用 {currency}；金额不会换算。请先把货币改为 {fileCurrency}，或删除现有的行。',
};
