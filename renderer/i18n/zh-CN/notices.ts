import type { Entry } from '../translate.ts';
import type { notices as en } from '../en/notices.ts';

export const notices: Record<keyof typeof en, Entry> = {
  'notices.pastedFile': '粘贴的文件',
  'notices.file.unreadable': '无法读取“{name}”：{message}',
  'notices.file.adding': '“{name}”仍在添加中。',
  'notices.file.notAdded': '无法添加“{name}”。',
  'notices.file.removeToSend': '{problem}移除它后才能发送。',
  'notices.file.fitting': '正在按格式调整“{name}”。',
  'notices.image.notAttached': '无法附加图片：{message}',
  'notices.settings.notSaved': '设置未保存：{message}',

  'notices.app.startFailed': '应用未能正常启动：{message}',
  'notices.link.notHttp': '这里只能打开 http 和 https 链接：{url}',
  'notices.link.failed': '无法打开链接：{url}',
  'notices.versions.busy': '请等回复完成或先停止它，再切换版本。',
  'notices.versions.showFailed': '无法显示该版本：{message}',
  'notices.versions.editNotSaved': '编辑后的回复未保存：{message}',
  'notices.fork.failed': '无法从这里开始新对话：{message}',
  'notices.fork.done': '已从该消息开始“{title}”。',
  'notices.change.notSaved': '更改未保存：{message}',
  'notices.rename.failed': '无法重命名：{message}',
  'notices.delete.failed': '无法删除：{message}',
  'notices.export.failed': '导出失败：{message}',
  'notices.export.done': '已导出 {file}',
  'notices.export.withFiles': '已导出到 {path}，附件在其旁边的 attachments 文件夹中。',
  'notices.export.tooLarge': '此对话太大，无法通过页面下载；完整的导出已写入 {path}',
  'notices.import.done': '已导入“{title}”。',
  'notices.notSent': '未发送：{problem}',
  'notices.notSent.invalidParam': '未发送：{problem}请在“参数”中修正。',
  'notices.notSent.noCalls': '这条回复没有需要回答的函数调用。',
  'notices.notSent.replyRunning':
    '未发送：这个对话中还有回复正在生成。请等待或停止它（Esc）；你的消息仍在输入框中。',
  'notices.notSent.alreadySending': '这条消息正在发送：只会发送一次。',
  'notices.chooseModel': '请先选择模型。',
  'notices.start.failed': '无法开始对话：{message}',
  'notices.stop.failed': '无法停止回复：{message}',
  'notices.tools.autoStopped':
    '已连续自动回答 {max} 轮，为避免两个模型无休止地互相调用，已停止自动回答。固定结果已填在下方：发送即可继续。',
  'notices.storage.disk-full': '磁盘已满，Quartet 无法保存这项内容。',
  'notices.storage.read-only': '数据文件夹是只读的（或你的账户无权写入），Quartet 无法保存这项内容。',
  'notices.storage.db-busy':
    '另一个程序占用着数据库，Quartet 无法保存这项内容。请关闭它（另一个 Quartet 或数据库浏览器）后重试。',
  'notices.storage.kept': '之前保存的内容都还在。',
  'notices.storage.keptImage': '图片暂存在 {path}，下次启动时会加入图库。',
};
