/**
 * The list page and add/edit form of a resource, generated from its declaration: columns, search
 * bar, super query, export/import, realtime key and form fields all come from the declared fields,
 * and the form checks input with the same zod schema the server uses.
 */
import type { ReactNode } from 'react';
import type { Resource, ResourceDetail } from '../../shared/resources/define.ts';
import { RESOURCES } from '../../shared/resources/index.ts';
import { ListPage } from '../components/data-grid/list/list-page.tsx';
import type { ListPageConfig } from '../components/data-grid/list/types.ts';
import { EntityFormHost } from '../components/entity-form.tsx';
import { Button } from '../components/ui.tsx';
import { call, downloadFile } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { formFields, formSubTables, listConfig, type ResourceRow } from './resource-config.ts';
import { StateHistory } from './state-history.tsx';
import { ResourceStats } from './resource-stats.tsx';
import { StatusDialog } from './status-dialog.tsx';
import { executor, runtime } from '../shell/runtime.ts';

/**
 * What a page of its own (component-registry's `RESOURCE_PAGES`) adds to the generated one: sub
 * forms of the 详细信息 dialog, and children (dialogs its commands open).
 */
export interface ResourcePageParts {
  detailTabs?: ListPageConfig<ResourceRow>['detailTabs'];
  children?: ReactNode;
  /** the generated list's configuration adjusted (a status tab's list url) */
  configure?(config: ListPageConfig<ResourceRow>): ListPageConfig<ResourceRow>;
  /** shown under the form's fields (EntityFormHost `preview`) */
  formPreview?(input: Record<string, unknown>, mode: 'add' | 'edit'): ReactNode;
}

/** A resource's screen: its list page with the add/edit form its commands open (when it has them). */
export function ResourcePage({
  resource,
  detailTabs,
  children,
  configure,
  formPreview,
}: { resource: Resource } & ResourcePageParts) {
  const { decl, endpoints: ep } = resource;
  // declared detail lists, then the page's own tabs; a resource with declared state changes shows
  // each row's history as the 记录 tab
  const declared = decl.details ?? [];
  const tabs: ResourcePageParts['detailTabs'] =
    resource.states || declared.length
      ? (row) => [
          ...declared.map((d) => ({
            key: d.key,
            title: d.title,
            content: <ResourceDetailList detail={d} parentId={row.id} />,
          })),
          ...(detailTabs?.(row) ?? []),
          ...(resource.states
            ? [{ key: 'history', title: '记录', content: <StateHistory resource={resource} id={row.id} /> }]
            : []),
        ]
      : detailTabs;
  const generated = { ...listConfig(resource), ...(tabs ? { detailTabs: tabs } : {}) };
  const config = configure ? configure(generated) : generated;
  // a set-by-value command (`<name>.status`) asks for the state in the generated status dialog
  const statusCommand = resource.states ? executor.registry.get(`${decl.name}.status`) : undefined;
  return (
    <ListPage config={config}>
      {(ep.add || ep.edit) && (
        <EntityFormHost
          widget={`${decl.name}.form`}
          title={decl.title}
          fields={formFields(resource)}
          schema={resource.editSchema}
          addSchema={resource.addSchema}
          load={(id) =>
            call<Record<string, unknown>>(ep.queryById.method, ep.queryById.path, { query: { id } })
          }
          commands={{ add: `${decl.name}.add`, edit: `${decl.name}.edit` }}
          authPrefix={config.authPrefix}
          {...(formPreview ? { preview: formPreview } : {})}
          {...(decl.children?.length ? { subTables: formSubTables(resource), width: 1100 } : {})}
        />
      )}
      {resource.stats && <ResourceStats resource={resource} />}
      {statusCommand && (
        <StatusDialog resource={resource} title={statusCommand.title} command={statusCommand.id} />
      )}
      {children}
    </ListPage>
  );
}

/** The declared resource a detail names (declarations hold it without its permission codes). */
const resourceOf = (detail: ResourceDetail) =>
  (RESOURCES as readonly Resource[]).find((r) => r.decl.name === detail.resource.decl.name);

/**
 * A declared detail list (ResourceDeclaration `details`) in a row's 详细信息: the sub resource's
 * generated list, embedded and filtered to the row (`parentKey` = its id), and 导出 of exactly
 * those rows through the sub resource's export (its sheet, 合计 row included).
 */
function ResourceDetailList({ detail, parentId }: { detail: ResourceDetail; parentId: string }) {
  const resource = resourceOf(detail);
  if (!resource) return null;
  const exportXls = resource.endpoints.exportXls;
  const canExport = Boolean(exportXls) && (!resource.perms.export || runtime.can(resource.perms.export));
  const filter = { [detail.parentKey]: parentId };
  return (
    <div className="flex h-[60vh] flex-col gap-2">
      {canExport && exportXls && (
        <div>
          <Button
            onClick={() =>
              void downloadFile(exportXls.path, filter, resource.decl.sheet.filename).catch((err: Error) =>
                notify('error', err.message),
              )
            }
          >
            导出{detail.title}
          </Button>
        </div>
      )}
      <div className="min-h-0 flex-1">
        <ResourcePage
          resource={resource}
          configure={(config) => ({
            ...config,
            queryKey: [...config.queryKey, detail.parentKey, parentId],
            url: {
              ...config.url,
              list: `${config.url.list}?${new URLSearchParams(filter).toString()}`,
            },
          })}
        />
      </div>
    </div>
  );
}
