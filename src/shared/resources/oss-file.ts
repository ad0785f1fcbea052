/**
 * 文件管理 (`/sys/oss/file`, JeecgBoot's OSSFileController): the files uploaded through this
 * screen (upload area `oss`, src/shared/uploads.ts), listed with name, type, size, uploader and
 * time; downloaded through `/sys/common/static/<url>` by holders of ossFile:download (and the
 * uploader); deleted with their stored bytes.
 */
import { endpoint } from '../contracts.ts';
import { auditFields, defineResource } from './define.ts';

/** The upload area of 文件管理's files. */
export const OSS_AREA = 'oss';

export const OSS_FILE_MSG = {
  uploaded: '上传成功！',
  /** a stored path to copy into 文件管理 that is not there, or that the caller may not read */
  sourceMissing: (path: string) => `文件不存在：${path}`,
} as const;

export const OSS_FILE = defineResource({
  name: 'ossFile',
  title: '文件',
  path: '/sys/oss/file',
  operations: ['list', 'delete'],
  permActions: { upload: '上传', download: '下载' },
  component: 'modules/oss/OSSFileList',
  category: '文件管理',
  english: 'file',
  keywords: ['文件', '附件', '存储', 'oss', 'files'],
  defaultSort: { field: 'createTime', order: 'desc' },
  page: { title: '文件管理' },
  sheet: { title: '文件管理', sheetName: '文件', filename: '文件.xlsx', asciiFilename: 'files.xlsx' },
  notFound: '未找到对应实体',
  commands: { plural: 'files', unit: '文件' },
  fields: [
    {
      key: 'originalName',
      title: '文件名称',
      type: 'string',
      system: true,
      search: true,
      filter: true,
      list: { width: 240 },
    },
    { key: 'mimeType', title: '文件类型', type: 'string', system: true, list: { width: 160 } },
    { key: 'size', title: '文件大小', type: 'int', unit: 'bytes', system: true, list: { width: 110 } },
    { key: 'path', title: '文件地址', type: 'string', system: true, list: false, terminal: true },
    ...auditFields({
      createBy: { title: '上传人', search: true, terminal: true, list: { width: 110 } },
      createTime: { title: '上传时间', list: { width: 170 } },
    }),
  ],
});

/**
 * Upload a file into 文件管理 (multipart field `file`), or copy one already stored that the caller
 * may read (JSON `{ path }`: an `upload` result, a seeded picture); JeecgBoot answers 上传成功！.
 */
export const OSS_FILE_UPLOAD = endpoint('POST', `${OSS_FILE.decl.path}/upload`, OSS_FILE.perms.upload);
