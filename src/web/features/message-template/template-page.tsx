import { MESSAGE_TEMPLATE } from '../../../shared/resources/message-template.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { TemplateTestDialog } from './template-test-dialog.tsx';

/** 消息模板: the generated page plus the 测试模板 dialog its commands open. */
export default function TemplatePage() {
  return (
    <ResourcePage resource={MESSAGE_TEMPLATE}>
      <TemplateTestDialog />
    </ResourcePage>
  );
}
