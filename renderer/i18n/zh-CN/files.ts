import type { Entry } from '../translate.ts';
import type { files as en } from '../en/files.ts';

export const files: Record<keyof typeof en, Entry> = {
  'files.refused.unsupported':
    '无法附加“{name}”：Quartet 只接受图片（PNG、JPEG、WebP、GIF）、PDF 和文本文件。',
  'files.refused.empty': '“{name}”是空文件。',
  'files.refused.text-too-large': '“{name}”大小为 {size}；文本文件会放入提示词，最大 {max}。',
  'files.refused.file-too-large': '“{name}”大小为 {size}；单个文件最大 {max}。',
  'files.refused.too-many': '一条消息最多附带 {max} 个文件；这条有 {count} 个。',
  'files.refused.message-too-large': '这条消息的文件共 {size}；一条消息最多附带 {max}。',
  'files.refused.generate-gif': '“{name}”是 GIF；Generate Content 只接受 PNG、JPEG 和 WebP 图片。',
  'files.refused.messages-image-too-large':
    '“{name}”大小为 {size}；Messages 只接受不超过 3.75 MB 的图片（编码后 5 MB）。',
  'files.refused.image-too-wide':
    '“{name}”为 {width}x{height} 像素；{format} 只接受每边不超过 {side} 像素的图片。',
  'files.fitAdvice': '请勾选文件下方的“按格式调整图片”。',

  'files.host.notImage': '“{name}”不是 PNG、JPEG、WebP 或 GIF 图片（文件内容不符）。',
  'files.host.notPdf': '“{name}”不是 PDF（文件开头不是 %PDF-）。',
  'files.host.nulBytes': '“{name}”含有 NUL 字节，不是文本文件。',
  'files.host.notUtf8': '“{name}”不是 UTF-8 文本；请另存为 UTF-8 后再附加。',
  'files.host.notWhole': '“{name}”未完整传输（数据不是有效的 base64）。',
  'files.host.nameTooLong': '文件名超过 255 个字符。',
  'files.host.tooManyPixels':
    '“{name}”声明的尺寸为 {width}x{height} 像素（{megapixels} 百万像素）；Quartet 只接受不超过 {max} 百万像素的图片。',
  'files.host.notDecodable': '无法解码“{name}”：图片数据已损坏或不完整。',
  'files.host.notFitted': '无法调整“{name}”：{reason}。',
};
