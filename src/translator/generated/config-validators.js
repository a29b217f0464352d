// Generated from schemas/workspace.schema.json and schemas/data-model.schema.json by scripts/generate-validators.ts. Do not edit.
"use strict";
export const validateWorkspace = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://contact-manager.local/schemas/workspace.schema.json","title":"Workspace","description":"A workspace and its configuration (spec 1 §3, spec 2 §3, spec 3 §3).","type":"object","required":["id","name","dataModelId","enabled"],"additionalProperties":false,"properties":{"id":{"type":"string","minLength":1},"name":{"type":"string","minLength":1},"dataModelId":{"type":"string","minLength":1},"enabled":{"type":"boolean"},"version":{"type":"integer","minimum":0},"profilingDisabled":{"type":"boolean"},"sessionTimeout":{"type":"integer","minimum":1,"description":"Idle timeout in ms (default 1,800,000)."},"viewsConfig":{"$ref":"#/definitions/viewsConfig"},"permissionRules":{"title":"PermissionRules","description":"json-logic rules that replace the translator's defaults, keyed by permission name.","type":"object","additionalProperties":{"$ref":"#/definitions/jsonLogicRule"}},"states":{"title":"StateMap","type":"object","additionalProperties":{"$ref":"#/definitions/state"}},"entryState":{"type":"string"},"closingStates":{"type":"array","items":{"type":"string"}},"outcomes":{"type":"array","items":{"$ref":"#/definitions/outcome"}},"groupsInputs":{"type":"array","items":{"$ref":"#/definitions/group"}},"groupsOutputs":{"type":"array","items":{"$ref":"#/definitions/group"}},"enumConfig":{"title":"EnumConfigs","type":"object","additionalProperties":false,"properties":{"inputs":{"type":"object","additionalProperties":{"$ref":"#/definitions/enumConfig"}},"outputs":{"type":"object","additionalProperties":{"$ref":"#/definitions/enumConfig"}}}},"arrayConfig":{"title":"ArrayConfigs","type":"object","additionalProperties":{"$ref":"#/definitions/arrayConfig"}},"inputDependencies":{"$ref":"#/definitions/dependencies"},"outputDependencies":{"$ref":"#/definitions/dependencies"},"inputAddressConfig":{"$ref":"#/definitions/addressConfig"},"outputAddressConfig":{"$ref":"#/definitions/addressConfig"},"attachmentConfigs":{"title":"AttachmentConfigs","type":"object","additionalProperties":false,"properties":{"maxSize":{"type":"integer","minimum":1,"description":"Bytes; default 5,000,000."}}},"shortlinks":{"type":"array","items":{"$ref":"#/definitions/shortlink"}},"widgets":{"type":"array","items":{"$ref":"#/definitions/widget"}},"cloneEnabled":{"type":"boolean"},"visualConfigs":{"title":"VisualConfigs","type":"object","additionalProperties":false,"properties":{"agentScript":{"title":"AgentScriptConfig","type":"object","additionalProperties":false,"properties":{"inputsTitle":{"type":"string"},"outputsTitle":{"type":"string"},"mediaTitle":{"type":"string"},"scriptTitle":{"type":"string"},"script":{"type":"string","description":"Text of the SCRIPT panel; ${field} placeholders are replaced by input values."}}}}},"customFilterConfig":{"title":"CustomFilterConfig","type":"object","required":["label"],"additionalProperties":false,"properties":{"label":{"type":"string"},"rule":{"$ref":"#/definitions/jsonLogicRule","description":"json-logic over the contact a row must satisfy when the custom filter is on."}}},"takeConfig":{"title":"TakeConfig","type":"object","required":["available"],"additionalProperties":false,"properties":{"available":{"type":"boolean"}}},"onlyAssignedContacts":{"type":"boolean"},"parentOrigin":{"type":"string","description":"The host page's origin (scheme://host[:port]) that embedded views post messages to; without it nothing is posted."},"dispositionConfig":{"$ref":"#/definitions/dispositionConfig"},"massiveActions":{"type":"array","items":{"$ref":"#/definitions/massiveAction"}},"smsConfigs":{"type":"array","items":{"$ref":"#/definitions/smsConfig"}},"webappConfigs":{"type":"array","items":{"$ref":"#/definitions/webappConfig"}},"customReportConfig":{"type":"array","items":{"$ref":"#/definitions/customReport"}},"dashboardConfig":{"title":"DashboardConfig","type":"object","additionalProperties":false,"properties":{"activeDashboards":{"type":"array","items":{"type":"string","enum":["availability","contacts","agents"]},"uniqueItems":true},"maxAllowedDuration":{"type":"integer","minimum":1,"maximum":15}}}},"definitions":{"dispositionConfig":{"title":"DispositionConfig","description":"The disposition tree of spec 2 §2.7: up to three levels; `levels` is the default tree and `campaigns` replaces it for a campaign.","type":"object","required":["levels"],"additionalProperties":false,"properties":{"levels":{"type":"array","minItems":1,"items":{"$ref":"#/definitions/dispositionNode"}},"campaigns":{"type":"object","additionalProperties":{"type":"array","minItems":1,"items":{"$ref":"#/definitions/dispositionNode"}}}}},"dispositionNode":{"title":"DispositionNode","type":"object","required":["value","label"],"additionalProperties":false,"properties":{"value":{"type":"string","minLength":1,"maxLength":100},"label":{"type":"string","minLength":1},"children":{"type":"array","items":{"$ref":"#/definitions/dispositionNode"}}}},"jsonLogicRule":{"title":"JsonLogicRuleData","tsType":"JsonLogicRule","anyOf":[{"type":"boolean"},{"type":"object"}]},"viewFlag":{"title":"ViewFlag","type":"object","required":["visible"],"additionalProperties":false,"properties":{"visible":{"type":"boolean"}}},"roleViews":{"title":"RoleViewsConfig","type":"object","additionalProperties":false,"properties":{"views":{"title":"ContactViews","type":"object","additionalProperties":false,"properties":{"list":{"$ref":"#/definitions/viewFlag"},"show":{"$ref":"#/definitions/viewFlag"},"edit":{"$ref":"#/definitions/viewFlag"},"insert":{"$ref":"#/definitions/viewFlag"}}},"dashboard":{"$ref":"#/definitions/viewFlag"},"flowsmanagement":{"$ref":"#/definitions/viewFlag"},"events":{"$ref":"#/definitions/viewFlag"},"reports":{"$ref":"#/definitions/viewFlag"},"sms":{"$ref":"#/definitions/viewFlag"},"workspaceconfig":{"$ref":"#/definitions/viewFlag"},"setting":{"title":"SettingViewFlag","type":"object","required":["visible"],"additionalProperties":false,"properties":{"visible":{"type":"boolean"},"newUserHidden":{"type":"boolean"}}},"_home":{"title":"HomeConfig","type":"object","required":["path"],"additionalProperties":false,"properties":{"path":{"type":"string","pattern":"^/"}}}}},"viewsConfig":{"title":"ViewsConfig","type":"object","additionalProperties":false,"properties":{"admin":{"$ref":"#/definitions/roleViews"},"manager":{"$ref":"#/definitions/roleViews"},"site-manager":{"$ref":"#/definitions/roleViews"},"team-leader":{"$ref":"#/definitions/roleViews"},"basic":{"$ref":"#/definitions/roleViews"},"middle":{"$ref":"#/definitions/roleViews"}}},"state":{"title":"StateConfig","type":"object","required":["label"],"additionalProperties":false,"properties":{"label":{"type":"string"},"notes":{"type":"boolean","description":"Whether notes can be written when reaching the state."},"manual":{"type":"boolean","description":"Whether an agent may choose the state; an entry state must be manual to create contacts."},"onStateReached":{"title":"OnStateReached","oneOf":[{"type":"object","required":["type","smsRef"],"additionalProperties":false,"properties":{"type":{"const":"sms"},"smsRef":{"type":"string"}}},{"type":"object","required":["type","webappRef"],"additionalProperties":false,"properties":{"type":{"const":"webapp"},"webappRef":{"type":"string"}}}]}}},"outcome":{"title":"Outcome","type":"object","required":["value","label"],"additionalProperties":false,"properties":{"value":{"type":"string"},"label":{"type":"string"}}},"group":{"title":"FieldGroup","type":"object","required":["label","fields"],"additionalProperties":false,"properties":{"label":{"type":"string"},"fields":{"type":"array","items":{"type":"string"}},"columns":{"type":"integer","minimum":1,"maximum":12}}},"enumValue":{"title":"EnumValue","type":"object","required":["label","value"],"additionalProperties":false,"properties":{"label":{"type":"string"},"value":{"type":"string"}}},"enumConfig":{"title":"EnumConfig","description":"Static values, or a remote source (url, or remoteValues through the workspace enum call).","type":"object","additionalProperties":false,"properties":{"values":{"type":"array","items":{"$ref":"#/definitions/enumValue"}},"url":{"type":"string"},"remoteValues":{"type":"boolean"},"buildFilter":{"type":"boolean","description":"Offer the field as an enum filter in the contact list."},"cachable":{"type":"boolean","description":"Loaded values may be cached by the enum loader."}}},"arrayConfig":{"title":"ArrayConfig","type":"object","required":["type"],"additionalProperties":false,"properties":{"type":{"type":"string","enum":["modal","attachment","doc"]},"label":{"type":"string"}}},"dependencies":{"title":"FieldDependencies","description":"Parent field name to the child fields whose values depend on it.","type":"object","additionalProperties":{"type":"array","items":{"type":"string"}}},"addressConfig":{"title":"AddressConfig","description":"Maps the address block's parts to data-model fields.","type":"object","additionalProperties":false,"properties":{"province":{"type":"string"},"province_acr":{"type":"string"},"city":{"type":"string"},"street":{"type":"string"},"zip":{"type":"string"},"civic":{"type":"string"}}},"shortlink":{"title":"Shortlink","type":"object","required":["label","link"],"additionalProperties":false,"properties":{"label":{"type":"string"},"link":{"type":"string"}}},"widgetState":{"title":"WidgetStateStyle","type":"object","additionalProperties":false,"properties":{"color":{"type":"string"},"icon":{"type":"string"},"text":{"type":"string"}}},"widget":{"title":"Widget","type":"object","required":["id","name","config"],"additionalProperties":false,"properties":{"id":{"type":"string"},"name":{"type":"string"},"config":{"title":"WidgetConfig","type":"object","required":["icon"],"additionalProperties":false,"properties":{"icon":{"type":"string"},"_notValid":{"$ref":"#/definitions/widgetState"},"_failed":{"$ref":"#/definitions/widgetState"}}},"logic":{"$ref":"#/definitions/jsonLogicRule","description":"json-logic over the contact computing the widget data; a result with _isValid false shows _notValid."}}},"additionalParam":{"title":"MassiveActionParam","type":"object","required":["name","label"],"additionalProperties":false,"properties":{"name":{"type":"string"},"label":{"type":"string"},"required":{"type":"boolean"},"regex":{"type":"string"}}},"massiveAction":{"title":"MassiveAction","type":"object","required":["key","label","onAction"],"additionalProperties":false,"properties":{"key":{"type":"string"},"label":{"type":"string"},"additionalParams":{"type":"array","items":{"$ref":"#/definitions/additionalParam"}},"associatedFilter":{"type":"object","tsType":"Record<string, unknown>","description":"Contact filter (contact-filter.schema.json) merged into the list filter for the action."},"onAction":{"title":"MassiveActionEffect","type":"object","required":["type"],"additionalProperties":false,"properties":{"type":{"type":"string","enum":["assign","release","close","suspend","priority","state"]},"assignMaxAgents":{"type":"integer","minimum":1},"state":{"type":"string"},"priority":{"type":"integer","minimum":1,"maximum":10}}}}},"smsConfig":{"title":"SmsConfig","type":"object","required":["id","name","msgTemplate"],"additionalProperties":false,"properties":{"id":{"type":"string"},"name":{"type":"string"},"msgTemplate":{"type":"string","description":"Message with ${field} placeholders."},"phoneField":{"type":"string","description":"Input field holding the recipient."},"sender":{"type":"string"}}},"webappConfig":{"title":"WebappConfig","type":"object","required":["id","name","msgTemplate"],"additionalProperties":false,"properties":{"id":{"type":"string"},"name":{"type":"string"},"msgTemplate":{"type":"string"},"url":{"type":"string"}}},"reportFilterProp":{"title":"ReportFilterProp","type":"object","required":["enabled","label"],"additionalProperties":false,"properties":{"enabled":{"type":"boolean"},"label":{"type":"string"}}},"customReport":{"title":"CustomReport","type":"object","required":["id","name"],"additionalProperties":false,"properties":{"id":{"type":"string"},"name":{"type":"string"},"renderAllowed":{"type":"boolean"},"templateName":{"type":"string"},"maxRange":{"type":"integer","minimum":1},"filterContactProp":{"$ref":"#/definitions/reportFilterProp"},"filterRefProp":{"$ref":"#/definitions/reportFilterProp"}}}}};
const schema24 = {"title":"JsonLogicRuleData","tsType":"JsonLogicRule","anyOf":[{"type":"boolean"},{"type":"object"}]};
const schema25 = {"title":"StateConfig","type":"object","required":["label"],"additionalProperties":false,"properties":{"label":{"type":"string"},"notes":{"type":"boolean","description":"Whether notes can be written when reaching the state."},"manual":{"type":"boolean","description":"Whether an agent may choose the state; an entry state must be manual to create contacts."},"onStateReached":{"title":"OnStateReached","oneOf":[{"type":"object","required":["type","smsRef"],"additionalProperties":false,"properties":{"type":{"const":"sms"},"smsRef":{"type":"string"}}},{"type":"object","required":["type","webappRef"],"additionalProperties":false,"properties":{"type":{"const":"webapp"},"webappRef":{"type":"string"}}}]}}};
const schema26 = {"title":"Outcome","type":"object","required":["value","label"],"additionalProperties":false,"properties":{"value":{"type":"string"},"label":{"type":"string"}}};
const schema27 = {"title":"FieldGroup","type":"object","required":["label","fields"],"additionalProperties":false,"properties":{"label":{"type":"string"},"fields":{"type":"array","items":{"type":"string"}},"columns":{"type":"integer","minimum":1,"maximum":12}}};
const schema31 = {"title":"ArrayConfig","type":"object","required":["type"],"additionalProperties":false,"properties":{"type":{"type":"string","enum":["modal","attachment","doc"]},"label":{"type":"string"}}};
const schema32 = {"title":"FieldDependencies","description":"Parent field name to the child fields whose values depend on it.","type":"object","additionalProperties":{"type":"array","items":{"type":"string"}}};
const schema34 = {"title":"AddressConfig","description":"Maps the address block's parts to data-model fields.","type":"object","additionalProperties":false,"properties":{"province":{"type":"string"},"province_acr":{"type":"string"},"city":{"type":"string"},"street":{"type":"string"},"zip":{"type":"string"},"civic":{"type":"string"}}};
const schema36 = {"title":"Shortlink","type":"object","required":["label","link"],"additionalProperties":false,"properties":{"label":{"type":"string"},"link":{"type":"string"}}};
const schema46 = {"title":"SmsConfig","type":"object","required":["id","name","msgTemplate"],"additionalProperties":false,"properties":{"id":{"type":"string"},"name":{"type":"string"},"msgTemplate":{"type":"string","description":"Message with ${field} placeholders."},"phoneField":{"type":"string","description":"Input field holding the recipient."},"sender":{"type":"string"}}};
const schema47 = {"title":"WebappConfig","type":"object","required":["id","name","msgTemplate"],"additionalProperties":false,"properties":{"id":{"type":"string"},"name":{"type":"string"},"msgTemplate":{"type":"string"},"url":{"type":"string"}}};
const func2 = Object.prototype.hasOwnProperty;
const func3 = (function ucs2length(str) { let length = 0; for (const _ of str) length++; return length; });
const schema12 = {"title":"ViewsConfig","type":"object","additionalProperties":false,"properties":{"admin":{"$ref":"#/definitions/roleViews"},"manager":{"$ref":"#/definitions/roleViews"},"site-manager":{"$ref":"#/definitions/roleViews"},"team-leader":{"$ref":"#/definitions/roleViews"},"basic":{"$ref":"#/definitions/roleViews"},"middle":{"$ref":"#/definitions/roleViews"}}};
const schema13 = {"title":"RoleViewsConfig","type":"object","additionalProperties":false,"properties":{"views":{"title":"ContactViews","type":"object","additionalProperties":false,"properties":{"list":{"$ref":"#/definitions/viewFlag"},"show":{"$ref":"#/definitions/viewFlag"},"edit":{"$ref":"#/definitions/viewFlag"},"insert":{"$ref":"#/definitions/viewFlag"}}},"dashboard":{"$ref":"#/definitions/viewFlag"},"flowsmanagement":{"$ref":"#/definitions/viewFlag"},"events":{"$ref":"#/definitions/viewFlag"},"reports":{"$ref":"#/definitions/viewFlag"},"sms":{"$ref":"#/definitions/viewFlag"},"workspaceconfig":{"$ref":"#/definitions/viewFlag"},"setting":{"title":"SettingViewFlag","type":"object","required":["visible"],"additionalProperties":false,"properties":{"visible":{"type":"boolean"},"newUserHidden":{"type":"boolean"}}},"_home":{"title":"HomeConfig","type":"object","required":["path"],"additionalProperties":false,"properties":{"path":{"type":"string","pattern":"^/"}}}}};
const schema14 = {"title":"ViewFlag","type":"object","required":["visible"],"additionalProperties":false,"properties":{"visible":{"type":"boolean"}}};
const pattern0 = new RegExp("^/", "u");

function validate12(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(func2.call(schema13.properties, key0))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.views !== undefined){
let data0 = data.views;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
for(const key1 in data0){
if(!((((key1 === "list") || (key1 === "show")) || (key1 === "edit")) || (key1 === "insert"))){
const err1 = {instancePath:instancePath+"/views",schemaPath:"#/properties/views/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data0.list !== undefined){
let data1 = data0.list;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.visible === undefined){
const err2 = {instancePath:instancePath+"/views/list",schemaPath:"#/definitions/viewFlag/required",keyword:"required",params:{missingProperty: "visible"},message:"must have required property '"+"visible"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key2 in data1){
if(!(key2 === "visible")){
const err3 = {instancePath:instancePath+"/views/list",schemaPath:"#/definitions/viewFlag/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data1.visible !== undefined){
if(typeof data1.visible !== "boolean"){
const err4 = {instancePath:instancePath+"/views/list/visible",schemaPath:"#/definitions/viewFlag/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath:instancePath+"/views/list",schemaPath:"#/definitions/viewFlag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data0.show !== undefined){
let data3 = data0.show;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.visible === undefined){
const err6 = {instancePath:instancePath+"/views/show",schemaPath:"#/definitions/viewFlag/required",keyword:"required",params:{missingProperty: "visible"},message:"must have required property '"+"visible"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key3 in data3){
if(!(key3 === "visible")){
const err7 = {instancePath:instancePath+"/views/show",schemaPath:"#/definitions/viewFlag/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data3.visible !== undefined){
if(typeof data3.visible !== "boolean"){
const err8 = {instancePath:instancePath+"/views/show/visible",schemaPath:"#/definitions/viewFlag/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath:instancePath+"/views/show",schemaPath:"#/definitions/viewFlag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data0.edit !== undefined){
let data5 = data0.edit;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.visible === undefined){
const err10 = {instancePath:instancePath+"/views/edit",schemaPath:"#/definitions/viewFlag/required",keyword:"required",params:{missingProperty: "visible"},message:"must have required property '"+"visible"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key4 in data5){
if(!(key4 === "visible")){
const err11 = {instancePath:instancePath+"/views/edit",schemaPath:"#/definitions/viewFlag/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data5.visible !== undefined){
if(typeof data5.visible !== "boolean"){
const err12 = {instancePath:instancePath+"/views/edit/visible",schemaPath:"#/definitions/viewFlag/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/views/edit",schemaPath:"#/definitions/viewFlag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data0.insert !== undefined){
let data7 = data0.insert;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.visible === undefined){
const err14 = {instancePath:instancePath+"/views/insert",schemaPath:"#/definitions/viewFlag/required",keyword:"required",params:{missingProperty: "visible"},message:"must have required property '"+"visible"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
for(const key5 in data7){
if(!(key5 === "visible")){
const err15 = {instancePath:instancePath+"/views/insert",schemaPath:"#/definitions/viewFlag/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data7.visible !== undefined){
if(typeof data7.visible !== "boolean"){
const err16 = {instancePath:instancePath+"/views/insert/visible",schemaPath:"#/definitions/viewFlag/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/views/insert",schemaPath:"#/definitions/viewFlag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath:instancePath+"/views",schemaPath:"#/properties/views/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.dashboard !== undefined){
let data9 = data.dashboard;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.visible === undefined){
const err19 = {instancePath:instancePath+"/dashboard",schemaPath:"#/definitions/viewFlag/required",keyword:"required",params:{missingProperty: "visible"},message:"must have required property '"+"visible"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
for(const key6 in data9){
if(!(key6 === "visible")){
const err20 = {instancePath:instancePath+"/dashboard",schemaPath:"#/definitions/viewFlag/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data9.visible !== undefined){
if(typeof data9.visible !== "boolean"){
const err21 = {instancePath:instancePath+"/dashboard/visible",schemaPath:"#/definitions/viewFlag/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/dashboard",schemaPath:"#/definitions/viewFlag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.flowsmanagement !== undefined){
let data11 = data.flowsmanagement;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.visible === undefined){
const err23 = {instancePath:instancePath+"/flowsmanagement",schemaPath:"#/definitions/viewFlag/required",keyword:"required",params:{missingProperty: "visible"},message:"must have required property '"+"visible"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
for(const key7 in data11){
if(!(key7 === "visible")){
const err24 = {instancePath:instancePath+"/flowsmanagement",schemaPath:"#/definitions/viewFlag/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data11.visible !== undefined){
if(typeof data11.visible !== "boolean"){
const err25 = {instancePath:instancePath+"/flowsmanagement/visible",schemaPath:"#/definitions/viewFlag/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/flowsmanagement",schemaPath:"#/definitions/viewFlag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.events !== undefined){
let data13 = data.events;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.visible === undefined){
const err27 = {instancePath:instancePath+"/events",schemaPath:"#/definitions/viewFlag/required",keyword:"required",params:{missingProperty: "visible"},message:"must have required property '"+"visible"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
for(const key8 in data13){
if(!(key8 === "visible")){
const err28 = {instancePath:instancePath+"/events",schemaPath:"#/definitions/viewFlag/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data13.visible !== undefined){
if(typeof data13.visible !== "boolean"){
const err29 = {instancePath:instancePath+"/events/visible",schemaPath:"#/definitions/viewFlag/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/events",schemaPath:"#/definitions/viewFlag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.reports !== undefined){
let data15 = data.reports;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.visible === undefined){
const err31 = {instancePath:instancePath+"/reports",schemaPath:"#/definitions/viewFlag/required",keyword:"required",params:{missingProperty: "visible"},message:"must have required property '"+"visible"+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
for(const key9 in data15){
if(!(key9 === "visible")){
const err32 = {instancePath:instancePath+"/reports",schemaPath:"#/definitions/viewFlag/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data15.visible !== undefined){
if(typeof data15.visible !== "boolean"){
const err33 = {instancePath:instancePath+"/reports/visible",schemaPath:"#/definitions/viewFlag/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/reports",schemaPath:"#/definitions/viewFlag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.sms !== undefined){
let data17 = data.sms;
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
if(data17.visible === undefined){
const err35 = {instancePath:instancePath+"/sms",schemaPath:"#/definitions/viewFlag/required",keyword:"required",params:{missingProperty: "visible"},message:"must have required property '"+"visible"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
for(const key10 in data17){
if(!(key10 === "visible")){
const err36 = {instancePath:instancePath+"/sms",schemaPath:"#/definitions/viewFlag/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data17.visible !== undefined){
if(typeof data17.visible !== "boolean"){
const err37 = {instancePath:instancePath+"/sms/visible",schemaPath:"#/definitions/viewFlag/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath:instancePath+"/sms",schemaPath:"#/definitions/viewFlag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.workspaceconfig !== undefined){
let data19 = data.workspaceconfig;
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.visible === undefined){
const err39 = {instancePath:instancePath+"/workspaceconfig",schemaPath:"#/definitions/viewFlag/required",keyword:"required",params:{missingProperty: "visible"},message:"must have required property '"+"visible"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
for(const key11 in data19){
if(!(key11 === "visible")){
const err40 = {instancePath:instancePath+"/workspaceconfig",schemaPath:"#/definitions/viewFlag/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data19.visible !== undefined){
if(typeof data19.visible !== "boolean"){
const err41 = {instancePath:instancePath+"/workspaceconfig/visible",schemaPath:"#/definitions/viewFlag/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/workspaceconfig",schemaPath:"#/definitions/viewFlag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.setting !== undefined){
let data21 = data.setting;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.visible === undefined){
const err43 = {instancePath:instancePath+"/setting",schemaPath:"#/properties/setting/required",keyword:"required",params:{missingProperty: "visible"},message:"must have required property '"+"visible"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
for(const key12 in data21){
if(!((key12 === "visible") || (key12 === "newUserHidden"))){
const err44 = {instancePath:instancePath+"/setting",schemaPath:"#/properties/setting/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key12},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data21.visible !== undefined){
if(typeof data21.visible !== "boolean"){
const err45 = {instancePath:instancePath+"/setting/visible",schemaPath:"#/properties/setting/properties/visible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data21.newUserHidden !== undefined){
if(typeof data21.newUserHidden !== "boolean"){
const err46 = {instancePath:instancePath+"/setting/newUserHidden",schemaPath:"#/properties/setting/properties/newUserHidden/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/setting",schemaPath:"#/properties/setting/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data._home !== undefined){
let data24 = data._home;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
if(data24.path === undefined){
const err48 = {instancePath:instancePath+"/_home",schemaPath:"#/properties/_home/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
for(const key13 in data24){
if(!(key13 === "path")){
const err49 = {instancePath:instancePath+"/_home",schemaPath:"#/properties/_home/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key13},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data24.path !== undefined){
let data25 = data24.path;
if(typeof data25 === "string"){
if(!pattern0.test(data25)){
const err50 = {instancePath:instancePath+"/_home/path",schemaPath:"#/properties/_home/properties/path/pattern",keyword:"pattern",params:{pattern: "^/"},message:"must match pattern \""+"^/"+"\""};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
else {
const err51 = {instancePath:instancePath+"/_home/path",schemaPath:"#/properties/_home/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
else {
const err52 = {instancePath:instancePath+"/_home",schemaPath:"#/properties/_home/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
}
else {
const err53 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
validate12.errors = vErrors;
return errors === 0;
}


function validate11(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((((key0 === "admin") || (key0 === "manager")) || (key0 === "site-manager")) || (key0 === "team-leader")) || (key0 === "basic")) || (key0 === "middle"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.admin !== undefined){
if(!(validate12(data.admin, {instancePath:instancePath+"/admin",parentData:data,parentDataProperty:"admin",rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
if(data.manager !== undefined){
if(!(validate12(data.manager, {instancePath:instancePath+"/manager",parentData:data,parentDataProperty:"manager",rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
if(data["site-manager"] !== undefined){
if(!(validate12(data["site-manager"], {instancePath:instancePath+"/site-manager",parentData:data,parentDataProperty:"site-manager",rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
if(data["team-leader"] !== undefined){
if(!(validate12(data["team-leader"], {instancePath:instancePath+"/team-leader",parentData:data,parentDataProperty:"team-leader",rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
if(data.basic !== undefined){
if(!(validate12(data.basic, {instancePath:instancePath+"/basic",parentData:data,parentDataProperty:"basic",rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
if(data.middle !== undefined){
if(!(validate12(data.middle, {instancePath:instancePath+"/middle",parentData:data,parentDataProperty:"middle",rootData}))){
vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);
errors = vErrors.length;
}
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate11.errors = vErrors;
return errors === 0;
}

const schema29 = {"title":"EnumConfig","description":"Static values, or a remote source (url, or remoteValues through the workspace enum call).","type":"object","additionalProperties":false,"properties":{"values":{"type":"array","items":{"$ref":"#/definitions/enumValue"}},"url":{"type":"string"},"remoteValues":{"type":"boolean"},"buildFilter":{"type":"boolean","description":"Offer the field as an enum filter in the contact list."},"cachable":{"type":"boolean","description":"Loaded values may be cached by the enum loader."}}};
const schema30 = {"title":"EnumValue","type":"object","required":["label","value"],"additionalProperties":false,"properties":{"label":{"type":"string"},"value":{"type":"string"}}};

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(((((key0 === "values") || (key0 === "url")) || (key0 === "remoteValues")) || (key0 === "buildFilter")) || (key0 === "cachable"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.values !== undefined){
let data0 = data.values;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.label === undefined){
const err1 = {instancePath:instancePath+"/values/" + i0,schemaPath:"#/definitions/enumValue/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data1.value === undefined){
const err2 = {instancePath:instancePath+"/values/" + i0,schemaPath:"#/definitions/enumValue/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key1 in data1){
if(!((key1 === "label") || (key1 === "value"))){
const err3 = {instancePath:instancePath+"/values/" + i0,schemaPath:"#/definitions/enumValue/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data1.label !== undefined){
if(typeof data1.label !== "string"){
const err4 = {instancePath:instancePath+"/values/" + i0+"/label",schemaPath:"#/definitions/enumValue/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data1.value !== undefined){
if(typeof data1.value !== "string"){
const err5 = {instancePath:instancePath+"/values/" + i0+"/value",schemaPath:"#/definitions/enumValue/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/values/" + i0,schemaPath:"#/definitions/enumValue/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/values",schemaPath:"#/properties/values/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err8 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.remoteValues !== undefined){
if(typeof data.remoteValues !== "boolean"){
const err9 = {instancePath:instancePath+"/remoteValues",schemaPath:"#/properties/remoteValues/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.buildFilter !== undefined){
if(typeof data.buildFilter !== "boolean"){
const err10 = {instancePath:instancePath+"/buildFilter",schemaPath:"#/properties/buildFilter/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.cachable !== undefined){
if(typeof data.cachable !== "boolean"){
const err11 = {instancePath:instancePath+"/cachable",schemaPath:"#/properties/cachable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}

const schema37 = {"title":"Widget","type":"object","required":["id","name","config"],"additionalProperties":false,"properties":{"id":{"type":"string"},"name":{"type":"string"},"config":{"title":"WidgetConfig","type":"object","required":["icon"],"additionalProperties":false,"properties":{"icon":{"type":"string"},"_notValid":{"$ref":"#/definitions/widgetState"},"_failed":{"$ref":"#/definitions/widgetState"}}},"logic":{"$ref":"#/definitions/jsonLogicRule","description":"json-logic over the contact computing the widget data; a result with _isValid false shows _notValid."}}};
const schema38 = {"title":"WidgetStateStyle","type":"object","additionalProperties":false,"properties":{"color":{"type":"string"},"icon":{"type":"string"},"text":{"type":"string"}}};

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.config === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "config"},message:"must have required property '"+"config"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "id") || (key0 === "name")) || (key0 === "config")) || (key0 === "logic"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.config !== undefined){
let data2 = data.config;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.icon === undefined){
const err6 = {instancePath:instancePath+"/config",schemaPath:"#/properties/config/required",keyword:"required",params:{missingProperty: "icon"},message:"must have required property '"+"icon"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key1 in data2){
if(!(((key1 === "icon") || (key1 === "_notValid")) || (key1 === "_failed"))){
const err7 = {instancePath:instancePath+"/config",schemaPath:"#/properties/config/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data2.icon !== undefined){
if(typeof data2.icon !== "string"){
const err8 = {instancePath:instancePath+"/config/icon",schemaPath:"#/properties/config/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data2._notValid !== undefined){
let data4 = data2._notValid;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
for(const key2 in data4){
if(!(((key2 === "color") || (key2 === "icon")) || (key2 === "text"))){
const err9 = {instancePath:instancePath+"/config/_notValid",schemaPath:"#/definitions/widgetState/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data4.color !== undefined){
if(typeof data4.color !== "string"){
const err10 = {instancePath:instancePath+"/config/_notValid/color",schemaPath:"#/definitions/widgetState/properties/color/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data4.icon !== undefined){
if(typeof data4.icon !== "string"){
const err11 = {instancePath:instancePath+"/config/_notValid/icon",schemaPath:"#/definitions/widgetState/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data4.text !== undefined){
if(typeof data4.text !== "string"){
const err12 = {instancePath:instancePath+"/config/_notValid/text",schemaPath:"#/definitions/widgetState/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/config/_notValid",schemaPath:"#/definitions/widgetState/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data2._failed !== undefined){
let data8 = data2._failed;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
for(const key3 in data8){
if(!(((key3 === "color") || (key3 === "icon")) || (key3 === "text"))){
const err14 = {instancePath:instancePath+"/config/_failed",schemaPath:"#/definitions/widgetState/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data8.color !== undefined){
if(typeof data8.color !== "string"){
const err15 = {instancePath:instancePath+"/config/_failed/color",schemaPath:"#/definitions/widgetState/properties/color/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data8.icon !== undefined){
if(typeof data8.icon !== "string"){
const err16 = {instancePath:instancePath+"/config/_failed/icon",schemaPath:"#/definitions/widgetState/properties/icon/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data8.text !== undefined){
if(typeof data8.text !== "string"){
const err17 = {instancePath:instancePath+"/config/_failed/text",schemaPath:"#/definitions/widgetState/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath:instancePath+"/config/_failed",schemaPath:"#/definitions/widgetState/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/config",schemaPath:"#/properties/config/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.logic !== undefined){
let data12 = data.logic;
const _errs33 = errors;
let valid7 = false;
const _errs34 = errors;
if(typeof data12 !== "boolean"){
const err20 = {instancePath:instancePath+"/logic",schemaPath:"#/definitions/jsonLogicRule/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid0 = _errs34 === errors;
valid7 = valid7 || _valid0;
if(!valid7){
const _errs36 = errors;
if(!(data12 && typeof data12 == "object" && !Array.isArray(data12))){
const err21 = {instancePath:instancePath+"/logic",schemaPath:"#/definitions/jsonLogicRule/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid0 = _errs36 === errors;
valid7 = valid7 || _valid0;
}
if(!valid7){
const err22 = {instancePath:instancePath+"/logic",schemaPath:"#/definitions/jsonLogicRule/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
else {
errors = _errs33;
if(vErrors !== null){
if(_errs33){
vErrors.length = _errs33;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}

const schema42 = {"title":"DispositionConfig","description":"The disposition tree of spec 2 §2.7: up to three levels; `levels` is the default tree and `campaigns` replaces it for a campaign.","type":"object","required":["levels"],"additionalProperties":false,"properties":{"levels":{"type":"array","minItems":1,"items":{"$ref":"#/definitions/dispositionNode"}},"campaigns":{"type":"object","additionalProperties":{"type":"array","minItems":1,"items":{"$ref":"#/definitions/dispositionNode"}}}}};
const schema43 = {"title":"DispositionNode","type":"object","required":["value","label"],"additionalProperties":false,"properties":{"value":{"type":"string","minLength":1,"maxLength":100},"label":{"type":"string","minLength":1},"children":{"type":"array","items":{"$ref":"#/definitions/dispositionNode"}}}};
const wrapper0 = {validate: validate26};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.value === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.label === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "value") || (key0 === "label")) || (key0 === "children"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.value !== undefined){
let data0 = data.value;
if(typeof data0 === "string"){
if(func3(data0) > 100){
const err3 = {instancePath:instancePath+"/value",schemaPath:"#/properties/value/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func3(data0) < 1){
const err4 = {instancePath:instancePath+"/value",schemaPath:"#/properties/value/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/value",schemaPath:"#/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.label !== undefined){
let data1 = data.label;
if(typeof data1 === "string"){
if(func3(data1) < 1){
const err6 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.children !== undefined){
let data2 = data.children;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
if(!(wrapper0.validate(data2[i0], {instancePath:instancePath+"/children/" + i0,parentData:data2,parentDataProperty:i0,rootData}))){
vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
errors = vErrors.length;
}
}
}
else {
const err8 = {instancePath:instancePath+"/children",schemaPath:"#/properties/children/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}


function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.levels === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "levels"},message:"must have required property '"+"levels"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "levels") || (key0 === "campaigns"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.levels !== undefined){
let data0 = data.levels;
if(Array.isArray(data0)){
if(data0.length < 1){
const err2 = {instancePath:instancePath+"/levels",schemaPath:"#/properties/levels/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
if(!(validate26(data0[i0], {instancePath:instancePath+"/levels/" + i0,parentData:data0,parentDataProperty:i0,rootData}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
}
}
else {
const err3 = {instancePath:instancePath+"/levels",schemaPath:"#/properties/levels/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.campaigns !== undefined){
let data2 = data.campaigns;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
for(const key1 in data2){
let data3 = data2[key1];
if(Array.isArray(data3)){
if(data3.length < 1){
const err4 = {instancePath:instancePath+"/campaigns/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/campaigns/additionalProperties/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const len1 = data3.length;
for(let i1=0; i1<len1; i1++){
if(!(validate26(data3[i1], {instancePath:instancePath+"/campaigns/" + key1.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i1,parentData:data3,parentDataProperty:i1,rootData}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
}
}
else {
const err5 = {instancePath:instancePath+"/campaigns/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/campaigns/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/campaigns",schemaPath:"#/properties/campaigns/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate25.errors = vErrors;
return errors === 0;
}

const schema44 = {"title":"MassiveAction","type":"object","required":["key","label","onAction"],"additionalProperties":false,"properties":{"key":{"type":"string"},"label":{"type":"string"},"additionalParams":{"type":"array","items":{"$ref":"#/definitions/additionalParam"}},"associatedFilter":{"type":"object","tsType":"Record<string, unknown>","description":"Contact filter (contact-filter.schema.json) merged into the list filter for the action."},"onAction":{"title":"MassiveActionEffect","type":"object","required":["type"],"additionalProperties":false,"properties":{"type":{"type":"string","enum":["assign","release","close","suspend","priority","state"]},"assignMaxAgents":{"type":"integer","minimum":1},"state":{"type":"string"},"priority":{"type":"integer","minimum":1,"maximum":10}}}}};
const schema45 = {"title":"MassiveActionParam","type":"object","required":["name","label"],"additionalProperties":false,"properties":{"name":{"type":"string"},"label":{"type":"string"},"required":{"type":"boolean"},"regex":{"type":"string"}}};

function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.key === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.label === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.onAction === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "onAction"},message:"must have required property '"+"onAction"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "key") || (key0 === "label")) || (key0 === "additionalParams")) || (key0 === "associatedFilter")) || (key0 === "onAction"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.key !== undefined){
if(typeof data.key !== "string"){
const err4 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err5 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.additionalParams !== undefined){
let data2 = data.additionalParams;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.name === undefined){
const err6 = {instancePath:instancePath+"/additionalParams/" + i0,schemaPath:"#/definitions/additionalParam/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data3.label === undefined){
const err7 = {instancePath:instancePath+"/additionalParams/" + i0,schemaPath:"#/definitions/additionalParam/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key1 in data3){
if(!((((key1 === "name") || (key1 === "label")) || (key1 === "required")) || (key1 === "regex"))){
const err8 = {instancePath:instancePath+"/additionalParams/" + i0,schemaPath:"#/definitions/additionalParam/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data3.name !== undefined){
if(typeof data3.name !== "string"){
const err9 = {instancePath:instancePath+"/additionalParams/" + i0+"/name",schemaPath:"#/definitions/additionalParam/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data3.label !== undefined){
if(typeof data3.label !== "string"){
const err10 = {instancePath:instancePath+"/additionalParams/" + i0+"/label",schemaPath:"#/definitions/additionalParam/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data3.required !== undefined){
if(typeof data3.required !== "boolean"){
const err11 = {instancePath:instancePath+"/additionalParams/" + i0+"/required",schemaPath:"#/definitions/additionalParam/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data3.regex !== undefined){
if(typeof data3.regex !== "string"){
const err12 = {instancePath:instancePath+"/additionalParams/" + i0+"/regex",schemaPath:"#/definitions/additionalParam/properties/regex/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/additionalParams/" + i0,schemaPath:"#/definitions/additionalParam/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/additionalParams",schemaPath:"#/properties/additionalParams/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.associatedFilter !== undefined){
let data8 = data.associatedFilter;
if(!(data8 && typeof data8 == "object" && !Array.isArray(data8))){
const err15 = {instancePath:instancePath+"/associatedFilter",schemaPath:"#/properties/associatedFilter/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.onAction !== undefined){
let data9 = data.onAction;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.type === undefined){
const err16 = {instancePath:instancePath+"/onAction",schemaPath:"#/properties/onAction/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
for(const key2 in data9){
if(!((((key2 === "type") || (key2 === "assignMaxAgents")) || (key2 === "state")) || (key2 === "priority"))){
const err17 = {instancePath:instancePath+"/onAction",schemaPath:"#/properties/onAction/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data9.type !== undefined){
let data10 = data9.type;
if(typeof data10 !== "string"){
const err18 = {instancePath:instancePath+"/onAction/type",schemaPath:"#/properties/onAction/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(!((((((data10 === "assign") || (data10 === "release")) || (data10 === "close")) || (data10 === "suspend")) || (data10 === "priority")) || (data10 === "state"))){
const err19 = {instancePath:instancePath+"/onAction/type",schemaPath:"#/properties/onAction/properties/type/enum",keyword:"enum",params:{allowedValues: schema44.properties.onAction.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data9.assignMaxAgents !== undefined){
let data11 = data9.assignMaxAgents;
if(!((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11)))){
const err20 = {instancePath:instancePath+"/onAction/assignMaxAgents",schemaPath:"#/properties/onAction/properties/assignMaxAgents/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(typeof data11 == "number"){
if(data11 < 1 || isNaN(data11)){
const err21 = {instancePath:instancePath+"/onAction/assignMaxAgents",schemaPath:"#/properties/onAction/properties/assignMaxAgents/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
if(data9.state !== undefined){
if(typeof data9.state !== "string"){
const err22 = {instancePath:instancePath+"/onAction/state",schemaPath:"#/properties/onAction/properties/state/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data9.priority !== undefined){
let data13 = data9.priority;
if(!((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13)))){
const err23 = {instancePath:instancePath+"/onAction/priority",schemaPath:"#/properties/onAction/properties/priority/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(typeof data13 == "number"){
if(data13 > 10 || isNaN(data13)){
const err24 = {instancePath:instancePath+"/onAction/priority",schemaPath:"#/properties/onAction/properties/priority/maximum",keyword:"maximum",params:{comparison: "<=", limit: 10},message:"must be <= 10"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data13 < 1 || isNaN(data13)){
const err25 = {instancePath:instancePath+"/onAction/priority",schemaPath:"#/properties/onAction/properties/priority/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
}
else {
const err26 = {instancePath:instancePath+"/onAction",schemaPath:"#/properties/onAction/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
validate30.errors = vErrors;
return errors === 0;
}

const schema48 = {"title":"CustomReport","type":"object","required":["id","name"],"additionalProperties":false,"properties":{"id":{"type":"string"},"name":{"type":"string"},"renderAllowed":{"type":"boolean"},"templateName":{"type":"string"},"maxRange":{"type":"integer","minimum":1},"filterContactProp":{"$ref":"#/definitions/reportFilterProp"},"filterRefProp":{"$ref":"#/definitions/reportFilterProp"}}};
const schema49 = {"title":"ReportFilterProp","type":"object","required":["enabled","label"],"additionalProperties":false,"properties":{"enabled":{"type":"boolean"},"label":{"type":"string"}}};

function validate32(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "id") || (key0 === "name")) || (key0 === "renderAllowed")) || (key0 === "templateName")) || (key0 === "maxRange")) || (key0 === "filterContactProp")) || (key0 === "filterRefProp"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err3 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.renderAllowed !== undefined){
if(typeof data.renderAllowed !== "boolean"){
const err5 = {instancePath:instancePath+"/renderAllowed",schemaPath:"#/properties/renderAllowed/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.templateName !== undefined){
if(typeof data.templateName !== "string"){
const err6 = {instancePath:instancePath+"/templateName",schemaPath:"#/properties/templateName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.maxRange !== undefined){
let data4 = data.maxRange;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
const err7 = {instancePath:instancePath+"/maxRange",schemaPath:"#/properties/maxRange/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(typeof data4 == "number"){
if(data4 < 1 || isNaN(data4)){
const err8 = {instancePath:instancePath+"/maxRange",schemaPath:"#/properties/maxRange/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
if(data.filterContactProp !== undefined){
let data5 = data.filterContactProp;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.enabled === undefined){
const err9 = {instancePath:instancePath+"/filterContactProp",schemaPath:"#/definitions/reportFilterProp/required",keyword:"required",params:{missingProperty: "enabled"},message:"must have required property '"+"enabled"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data5.label === undefined){
const err10 = {instancePath:instancePath+"/filterContactProp",schemaPath:"#/definitions/reportFilterProp/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key1 in data5){
if(!((key1 === "enabled") || (key1 === "label"))){
const err11 = {instancePath:instancePath+"/filterContactProp",schemaPath:"#/definitions/reportFilterProp/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data5.enabled !== undefined){
if(typeof data5.enabled !== "boolean"){
const err12 = {instancePath:instancePath+"/filterContactProp/enabled",schemaPath:"#/definitions/reportFilterProp/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data5.label !== undefined){
if(typeof data5.label !== "string"){
const err13 = {instancePath:instancePath+"/filterContactProp/label",schemaPath:"#/definitions/reportFilterProp/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/filterContactProp",schemaPath:"#/definitions/reportFilterProp/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.filterRefProp !== undefined){
let data8 = data.filterRefProp;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.enabled === undefined){
const err15 = {instancePath:instancePath+"/filterRefProp",schemaPath:"#/definitions/reportFilterProp/required",keyword:"required",params:{missingProperty: "enabled"},message:"must have required property '"+"enabled"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data8.label === undefined){
const err16 = {instancePath:instancePath+"/filterRefProp",schemaPath:"#/definitions/reportFilterProp/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
for(const key2 in data8){
if(!((key2 === "enabled") || (key2 === "label"))){
const err17 = {instancePath:instancePath+"/filterRefProp",schemaPath:"#/definitions/reportFilterProp/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data8.enabled !== undefined){
if(typeof data8.enabled !== "boolean"){
const err18 = {instancePath:instancePath+"/filterRefProp/enabled",schemaPath:"#/definitions/reportFilterProp/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data8.label !== undefined){
if(typeof data8.label !== "string"){
const err19 = {instancePath:instancePath+"/filterRefProp/label",schemaPath:"#/definitions/reportFilterProp/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/filterRefProp",schemaPath:"#/definitions/reportFilterProp/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
validate32.errors = vErrors;
return errors === 0;
}


function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://contact-manager.local/schemas/workspace.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.dataModelId === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "dataModelId"},message:"must have required property '"+"dataModelId"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.enabled === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "enabled"},message:"must have required property '"+"enabled"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema11.properties, key0))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func3(data0) < 1){
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func3(data1) < 1){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.dataModelId !== undefined){
let data2 = data.dataModelId;
if(typeof data2 === "string"){
if(func3(data2) < 1){
const err9 = {instancePath:instancePath+"/dataModelId",schemaPath:"#/properties/dataModelId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/dataModelId",schemaPath:"#/properties/dataModelId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.enabled !== undefined){
if(typeof data.enabled !== "boolean"){
const err11 = {instancePath:instancePath+"/enabled",schemaPath:"#/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.version !== undefined){
let data4 = data.version;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
const err12 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(typeof data4 == "number"){
if(data4 < 0 || isNaN(data4)){
const err13 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.profilingDisabled !== undefined){
if(typeof data.profilingDisabled !== "boolean"){
const err14 = {instancePath:instancePath+"/profilingDisabled",schemaPath:"#/properties/profilingDisabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.sessionTimeout !== undefined){
let data6 = data.sessionTimeout;
if(!((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6)))){
const err15 = {instancePath:instancePath+"/sessionTimeout",schemaPath:"#/properties/sessionTimeout/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(typeof data6 == "number"){
if(data6 < 1 || isNaN(data6)){
const err16 = {instancePath:instancePath+"/sessionTimeout",schemaPath:"#/properties/sessionTimeout/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
if(data.viewsConfig !== undefined){
if(!(validate11(data.viewsConfig, {instancePath:instancePath+"/viewsConfig",parentData:data,parentDataProperty:"viewsConfig",rootData}))){
vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
errors = vErrors.length;
}
}
if(data.permissionRules !== undefined){
let data8 = data.permissionRules;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
for(const key1 in data8){
let data9 = data8[key1];
const _errs22 = errors;
let valid3 = false;
const _errs23 = errors;
if(typeof data9 !== "boolean"){
const err17 = {instancePath:instancePath+"/permissionRules/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/jsonLogicRule/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid0 = _errs23 === errors;
valid3 = valid3 || _valid0;
if(!valid3){
const _errs25 = errors;
if(!(data9 && typeof data9 == "object" && !Array.isArray(data9))){
const err18 = {instancePath:instancePath+"/permissionRules/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/jsonLogicRule/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var _valid0 = _errs25 === errors;
valid3 = valid3 || _valid0;
}
if(!valid3){
const err19 = {instancePath:instancePath+"/permissionRules/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/jsonLogicRule/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
else {
errors = _errs22;
if(vErrors !== null){
if(_errs22){
vErrors.length = _errs22;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err20 = {instancePath:instancePath+"/permissionRules",schemaPath:"#/properties/permissionRules/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.states !== undefined){
let data10 = data.states;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
for(const key2 in data10){
let data11 = data10[key2];
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.label === undefined){
const err21 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/state/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
for(const key3 in data11){
if(!((((key3 === "label") || (key3 === "notes")) || (key3 === "manual")) || (key3 === "onStateReached"))){
const err22 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/state/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data11.label !== undefined){
if(typeof data11.label !== "string"){
const err23 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/label",schemaPath:"#/definitions/state/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data11.notes !== undefined){
if(typeof data11.notes !== "boolean"){
const err24 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/notes",schemaPath:"#/definitions/state/properties/notes/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data11.manual !== undefined){
if(typeof data11.manual !== "boolean"){
const err25 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/manual",schemaPath:"#/definitions/state/properties/manual/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data11.onStateReached !== undefined){
let data15 = data11.onStateReached;
const _errs41 = errors;
let valid7 = false;
let passing0 = null;
const _errs42 = errors;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.type === undefined){
const err26 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/0/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data15.smsRef === undefined){
const err27 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/0/required",keyword:"required",params:{missingProperty: "smsRef"},message:"must have required property '"+"smsRef"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
for(const key4 in data15){
if(!((key4 === "type") || (key4 === "smsRef"))){
const err28 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data15.type !== undefined){
if("sms" !== data15.type){
const err29 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached/type",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/0/properties/type/const",keyword:"const",params:{allowedValue: "sms"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data15.smsRef !== undefined){
if(typeof data15.smsRef !== "string"){
const err30 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached/smsRef",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/0/properties/smsRef/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
var _valid1 = _errs42 === errors;
if(_valid1){
valid7 = true;
passing0 = 0;
}
const _errs48 = errors;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.type === undefined){
const err32 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/1/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data15.webappRef === undefined){
const err33 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/1/required",keyword:"required",params:{missingProperty: "webappRef"},message:"must have required property '"+"webappRef"+"'"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
for(const key5 in data15){
if(!((key5 === "type") || (key5 === "webappRef"))){
const err34 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data15.type !== undefined){
if("webapp" !== data15.type){
const err35 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached/type",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/1/properties/type/const",keyword:"const",params:{allowedValue: "webapp"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data15.webappRef !== undefined){
if(typeof data15.webappRef !== "string"){
const err36 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached/webappRef",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/1/properties/webappRef/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached",schemaPath:"#/definitions/state/properties/onStateReached/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var _valid1 = _errs48 === errors;
if(_valid1 && valid7){
valid7 = false;
passing0 = [passing0, 1];
}
else {
if(_valid1){
valid7 = true;
passing0 = 1;
}
}
if(!valid7){
const err38 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/onStateReached",schemaPath:"#/definitions/state/properties/onStateReached/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
else {
errors = _errs41;
if(vErrors !== null){
if(_errs41){
vErrors.length = _errs41;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err39 = {instancePath:instancePath+"/states/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/state/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
else {
const err40 = {instancePath:instancePath+"/states",schemaPath:"#/properties/states/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.entryState !== undefined){
if(typeof data.entryState !== "string"){
const err41 = {instancePath:instancePath+"/entryState",schemaPath:"#/properties/entryState/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.closingStates !== undefined){
let data21 = data.closingStates;
if(Array.isArray(data21)){
const len0 = data21.length;
for(let i0=0; i0<len0; i0++){
if(typeof data21[i0] !== "string"){
const err42 = {instancePath:instancePath+"/closingStates/" + i0,schemaPath:"#/properties/closingStates/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
else {
const err43 = {instancePath:instancePath+"/closingStates",schemaPath:"#/properties/closingStates/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.outcomes !== undefined){
let data23 = data.outcomes;
if(Array.isArray(data23)){
const len1 = data23.length;
for(let i1=0; i1<len1; i1++){
let data24 = data23[i1];
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
if(data24.value === undefined){
const err44 = {instancePath:instancePath+"/outcomes/" + i1,schemaPath:"#/definitions/outcome/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data24.label === undefined){
const err45 = {instancePath:instancePath+"/outcomes/" + i1,schemaPath:"#/definitions/outcome/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
for(const key6 in data24){
if(!((key6 === "value") || (key6 === "label"))){
const err46 = {instancePath:instancePath+"/outcomes/" + i1,schemaPath:"#/definitions/outcome/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data24.value !== undefined){
if(typeof data24.value !== "string"){
const err47 = {instancePath:instancePath+"/outcomes/" + i1+"/value",schemaPath:"#/definitions/outcome/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data24.label !== undefined){
if(typeof data24.label !== "string"){
const err48 = {instancePath:instancePath+"/outcomes/" + i1+"/label",schemaPath:"#/definitions/outcome/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
else {
const err49 = {instancePath:instancePath+"/outcomes/" + i1,schemaPath:"#/definitions/outcome/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
else {
const err50 = {instancePath:instancePath+"/outcomes",schemaPath:"#/properties/outcomes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.groupsInputs !== undefined){
let data27 = data.groupsInputs;
if(Array.isArray(data27)){
const len2 = data27.length;
for(let i2=0; i2<len2; i2++){
let data28 = data27[i2];
if(data28 && typeof data28 == "object" && !Array.isArray(data28)){
if(data28.label === undefined){
const err51 = {instancePath:instancePath+"/groupsInputs/" + i2,schemaPath:"#/definitions/group/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(data28.fields === undefined){
const err52 = {instancePath:instancePath+"/groupsInputs/" + i2,schemaPath:"#/definitions/group/required",keyword:"required",params:{missingProperty: "fields"},message:"must have required property '"+"fields"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
for(const key7 in data28){
if(!(((key7 === "label") || (key7 === "fields")) || (key7 === "columns"))){
const err53 = {instancePath:instancePath+"/groupsInputs/" + i2,schemaPath:"#/definitions/group/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data28.label !== undefined){
if(typeof data28.label !== "string"){
const err54 = {instancePath:instancePath+"/groupsInputs/" + i2+"/label",schemaPath:"#/definitions/group/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data28.fields !== undefined){
let data30 = data28.fields;
if(Array.isArray(data30)){
const len3 = data30.length;
for(let i3=0; i3<len3; i3++){
if(typeof data30[i3] !== "string"){
const err55 = {instancePath:instancePath+"/groupsInputs/" + i2+"/fields/" + i3,schemaPath:"#/definitions/group/properties/fields/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
else {
const err56 = {instancePath:instancePath+"/groupsInputs/" + i2+"/fields",schemaPath:"#/definitions/group/properties/fields/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data28.columns !== undefined){
let data32 = data28.columns;
if(!((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32)))){
const err57 = {instancePath:instancePath+"/groupsInputs/" + i2+"/columns",schemaPath:"#/definitions/group/properties/columns/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(typeof data32 == "number"){
if(data32 > 12 || isNaN(data32)){
const err58 = {instancePath:instancePath+"/groupsInputs/" + i2+"/columns",schemaPath:"#/definitions/group/properties/columns/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(data32 < 1 || isNaN(data32)){
const err59 = {instancePath:instancePath+"/groupsInputs/" + i2+"/columns",schemaPath:"#/definitions/group/properties/columns/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
}
else {
const err60 = {instancePath:instancePath+"/groupsInputs/" + i2,schemaPath:"#/definitions/group/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
else {
const err61 = {instancePath:instancePath+"/groupsInputs",schemaPath:"#/properties/groupsInputs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data.groupsOutputs !== undefined){
let data33 = data.groupsOutputs;
if(Array.isArray(data33)){
const len4 = data33.length;
for(let i4=0; i4<len4; i4++){
let data34 = data33[i4];
if(data34 && typeof data34 == "object" && !Array.isArray(data34)){
if(data34.label === undefined){
const err62 = {instancePath:instancePath+"/groupsOutputs/" + i4,schemaPath:"#/definitions/group/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(data34.fields === undefined){
const err63 = {instancePath:instancePath+"/groupsOutputs/" + i4,schemaPath:"#/definitions/group/required",keyword:"required",params:{missingProperty: "fields"},message:"must have required property '"+"fields"+"'"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
for(const key8 in data34){
if(!(((key8 === "label") || (key8 === "fields")) || (key8 === "columns"))){
const err64 = {instancePath:instancePath+"/groupsOutputs/" + i4,schemaPath:"#/definitions/group/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data34.label !== undefined){
if(typeof data34.label !== "string"){
const err65 = {instancePath:instancePath+"/groupsOutputs/" + i4+"/label",schemaPath:"#/definitions/group/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data34.fields !== undefined){
let data36 = data34.fields;
if(Array.isArray(data36)){
const len5 = data36.length;
for(let i5=0; i5<len5; i5++){
if(typeof data36[i5] !== "string"){
const err66 = {instancePath:instancePath+"/groupsOutputs/" + i4+"/fields/" + i5,schemaPath:"#/definitions/group/properties/fields/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
}
else {
const err67 = {instancePath:instancePath+"/groupsOutputs/" + i4+"/fields",schemaPath:"#/definitions/group/properties/fields/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data34.columns !== undefined){
let data38 = data34.columns;
if(!((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38)))){
const err68 = {instancePath:instancePath+"/groupsOutputs/" + i4+"/columns",schemaPath:"#/definitions/group/properties/columns/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if(typeof data38 == "number"){
if(data38 > 12 || isNaN(data38)){
const err69 = {instancePath:instancePath+"/groupsOutputs/" + i4+"/columns",schemaPath:"#/definitions/group/properties/columns/maximum",keyword:"maximum",params:{comparison: "<=", limit: 12},message:"must be <= 12"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(data38 < 1 || isNaN(data38)){
const err70 = {instancePath:instancePath+"/groupsOutputs/" + i4+"/columns",schemaPath:"#/definitions/group/properties/columns/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
}
}
else {
const err71 = {instancePath:instancePath+"/groupsOutputs/" + i4,schemaPath:"#/definitions/group/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
}
else {
const err72 = {instancePath:instancePath+"/groupsOutputs",schemaPath:"#/properties/groupsOutputs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data.enumConfig !== undefined){
let data39 = data.enumConfig;
if(data39 && typeof data39 == "object" && !Array.isArray(data39)){
for(const key9 in data39){
if(!((key9 === "inputs") || (key9 === "outputs"))){
const err73 = {instancePath:instancePath+"/enumConfig",schemaPath:"#/properties/enumConfig/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data39.inputs !== undefined){
let data40 = data39.inputs;
if(data40 && typeof data40 == "object" && !Array.isArray(data40)){
for(const key10 in data40){
if(!(validate20(data40[key10], {instancePath:instancePath+"/enumConfig/inputs/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data40,parentDataProperty:key10,rootData}))){
vErrors = vErrors === null ? validate20.errors : vErrors.concat(validate20.errors);
errors = vErrors.length;
}
}
}
else {
const err74 = {instancePath:instancePath+"/enumConfig/inputs",schemaPath:"#/properties/enumConfig/properties/inputs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
if(data39.outputs !== undefined){
let data42 = data39.outputs;
if(data42 && typeof data42 == "object" && !Array.isArray(data42)){
for(const key11 in data42){
if(!(validate20(data42[key11], {instancePath:instancePath+"/enumConfig/outputs/" + key11.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data42,parentDataProperty:key11,rootData}))){
vErrors = vErrors === null ? validate20.errors : vErrors.concat(validate20.errors);
errors = vErrors.length;
}
}
}
else {
const err75 = {instancePath:instancePath+"/enumConfig/outputs",schemaPath:"#/properties/enumConfig/properties/outputs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
}
else {
const err76 = {instancePath:instancePath+"/enumConfig",schemaPath:"#/properties/enumConfig/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data.arrayConfig !== undefined){
let data44 = data.arrayConfig;
if(data44 && typeof data44 == "object" && !Array.isArray(data44)){
for(const key12 in data44){
let data45 = data44[key12];
if(data45 && typeof data45 == "object" && !Array.isArray(data45)){
if(data45.type === undefined){
const err77 = {instancePath:instancePath+"/arrayConfig/" + key12.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/arrayConfig/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
for(const key13 in data45){
if(!((key13 === "type") || (key13 === "label"))){
const err78 = {instancePath:instancePath+"/arrayConfig/" + key12.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/arrayConfig/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key13},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data45.type !== undefined){
let data46 = data45.type;
if(typeof data46 !== "string"){
const err79 = {instancePath:instancePath+"/arrayConfig/" + key12.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/definitions/arrayConfig/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if(!(((data46 === "modal") || (data46 === "attachment")) || (data46 === "doc"))){
const err80 = {instancePath:instancePath+"/arrayConfig/" + key12.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/definitions/arrayConfig/properties/type/enum",keyword:"enum",params:{allowedValues: schema31.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
if(data45.label !== undefined){
if(typeof data45.label !== "string"){
const err81 = {instancePath:instancePath+"/arrayConfig/" + key12.replace(/~/g, "~0").replace(/\//g, "~1")+"/label",schemaPath:"#/definitions/arrayConfig/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
}
else {
const err82 = {instancePath:instancePath+"/arrayConfig/" + key12.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/arrayConfig/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
else {
const err83 = {instancePath:instancePath+"/arrayConfig",schemaPath:"#/properties/arrayConfig/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data.inputDependencies !== undefined){
let data48 = data.inputDependencies;
if(data48 && typeof data48 == "object" && !Array.isArray(data48)){
for(const key14 in data48){
let data49 = data48[key14];
if(Array.isArray(data49)){
const len6 = data49.length;
for(let i6=0; i6<len6; i6++){
if(typeof data49[i6] !== "string"){
const err84 = {instancePath:instancePath+"/inputDependencies/" + key14.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i6,schemaPath:"#/definitions/dependencies/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
}
else {
const err85 = {instancePath:instancePath+"/inputDependencies/" + key14.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/dependencies/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
}
else {
const err86 = {instancePath:instancePath+"/inputDependencies",schemaPath:"#/definitions/dependencies/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
if(data.outputDependencies !== undefined){
let data51 = data.outputDependencies;
if(data51 && typeof data51 == "object" && !Array.isArray(data51)){
for(const key15 in data51){
let data52 = data51[key15];
if(Array.isArray(data52)){
const len7 = data52.length;
for(let i7=0; i7<len7; i7++){
if(typeof data52[i7] !== "string"){
const err87 = {instancePath:instancePath+"/outputDependencies/" + key15.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i7,schemaPath:"#/definitions/dependencies/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
}
else {
const err88 = {instancePath:instancePath+"/outputDependencies/" + key15.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/dependencies/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
}
else {
const err89 = {instancePath:instancePath+"/outputDependencies",schemaPath:"#/definitions/dependencies/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
if(data.inputAddressConfig !== undefined){
let data54 = data.inputAddressConfig;
if(data54 && typeof data54 == "object" && !Array.isArray(data54)){
for(const key16 in data54){
if(!((((((key16 === "province") || (key16 === "province_acr")) || (key16 === "city")) || (key16 === "street")) || (key16 === "zip")) || (key16 === "civic"))){
const err90 = {instancePath:instancePath+"/inputAddressConfig",schemaPath:"#/definitions/addressConfig/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key16},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
if(data54.province !== undefined){
if(typeof data54.province !== "string"){
const err91 = {instancePath:instancePath+"/inputAddressConfig/province",schemaPath:"#/definitions/addressConfig/properties/province/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
if(data54.province_acr !== undefined){
if(typeof data54.province_acr !== "string"){
const err92 = {instancePath:instancePath+"/inputAddressConfig/province_acr",schemaPath:"#/definitions/addressConfig/properties/province_acr/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data54.city !== undefined){
if(typeof data54.city !== "string"){
const err93 = {instancePath:instancePath+"/inputAddressConfig/city",schemaPath:"#/definitions/addressConfig/properties/city/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data54.street !== undefined){
if(typeof data54.street !== "string"){
const err94 = {instancePath:instancePath+"/inputAddressConfig/street",schemaPath:"#/definitions/addressConfig/properties/street/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
if(data54.zip !== undefined){
if(typeof data54.zip !== "string"){
const err95 = {instancePath:instancePath+"/inputAddressConfig/zip",schemaPath:"#/definitions/addressConfig/properties/zip/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
if(data54.civic !== undefined){
if(typeof data54.civic !== "string"){
const err96 = {instancePath:instancePath+"/inputAddressConfig/civic",schemaPath:"#/definitions/addressConfig/properties/civic/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
}
else {
const err97 = {instancePath:instancePath+"/inputAddressConfig",schemaPath:"#/definitions/addressConfig/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
if(data.outputAddressConfig !== undefined){
let data61 = data.outputAddressConfig;
if(data61 && typeof data61 == "object" && !Array.isArray(data61)){
for(const key17 in data61){
if(!((((((key17 === "province") || (key17 === "province_acr")) || (key17 === "city")) || (key17 === "street")) || (key17 === "zip")) || (key17 === "civic"))){
const err98 = {instancePath:instancePath+"/outputAddressConfig",schemaPath:"#/definitions/addressConfig/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key17},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
if(data61.province !== undefined){
if(typeof data61.province !== "string"){
const err99 = {instancePath:instancePath+"/outputAddressConfig/province",schemaPath:"#/definitions/addressConfig/properties/province/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
if(data61.province_acr !== undefined){
if(typeof data61.province_acr !== "string"){
const err100 = {instancePath:instancePath+"/outputAddressConfig/province_acr",schemaPath:"#/definitions/addressConfig/properties/province_acr/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
if(data61.city !== undefined){
if(typeof data61.city !== "string"){
const err101 = {instancePath:instancePath+"/outputAddressConfig/city",schemaPath:"#/definitions/addressConfig/properties/city/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
if(data61.street !== undefined){
if(typeof data61.street !== "string"){
const err102 = {instancePath:instancePath+"/outputAddressConfig/street",schemaPath:"#/definitions/addressConfig/properties/street/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
if(data61.zip !== undefined){
if(typeof data61.zip !== "string"){
const err103 = {instancePath:instancePath+"/outputAddressConfig/zip",schemaPath:"#/definitions/addressConfig/properties/zip/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
if(data61.civic !== undefined){
if(typeof data61.civic !== "string"){
const err104 = {instancePath:instancePath+"/outputAddressConfig/civic",schemaPath:"#/definitions/addressConfig/properties/civic/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
}
else {
const err105 = {instancePath:instancePath+"/outputAddressConfig",schemaPath:"#/definitions/addressConfig/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
if(data.attachmentConfigs !== undefined){
let data68 = data.attachmentConfigs;
if(data68 && typeof data68 == "object" && !Array.isArray(data68)){
for(const key18 in data68){
if(!(key18 === "maxSize")){
const err106 = {instancePath:instancePath+"/attachmentConfigs",schemaPath:"#/properties/attachmentConfigs/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key18},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
if(data68.maxSize !== undefined){
let data69 = data68.maxSize;
if(!((typeof data69 == "number") && (!(data69 % 1) && !isNaN(data69)))){
const err107 = {instancePath:instancePath+"/attachmentConfigs/maxSize",schemaPath:"#/properties/attachmentConfigs/properties/maxSize/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
if(typeof data69 == "number"){
if(data69 < 1 || isNaN(data69)){
const err108 = {instancePath:instancePath+"/attachmentConfigs/maxSize",schemaPath:"#/properties/attachmentConfigs/properties/maxSize/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
}
}
else {
const err109 = {instancePath:instancePath+"/attachmentConfigs",schemaPath:"#/properties/attachmentConfigs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
if(data.shortlinks !== undefined){
let data70 = data.shortlinks;
if(Array.isArray(data70)){
const len8 = data70.length;
for(let i8=0; i8<len8; i8++){
let data71 = data70[i8];
if(data71 && typeof data71 == "object" && !Array.isArray(data71)){
if(data71.label === undefined){
const err110 = {instancePath:instancePath+"/shortlinks/" + i8,schemaPath:"#/definitions/shortlink/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
if(data71.link === undefined){
const err111 = {instancePath:instancePath+"/shortlinks/" + i8,schemaPath:"#/definitions/shortlink/required",keyword:"required",params:{missingProperty: "link"},message:"must have required property '"+"link"+"'"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
for(const key19 in data71){
if(!((key19 === "label") || (key19 === "link"))){
const err112 = {instancePath:instancePath+"/shortlinks/" + i8,schemaPath:"#/definitions/shortlink/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key19},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
if(data71.label !== undefined){
if(typeof data71.label !== "string"){
const err113 = {instancePath:instancePath+"/shortlinks/" + i8+"/label",schemaPath:"#/definitions/shortlink/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
if(data71.link !== undefined){
if(typeof data71.link !== "string"){
const err114 = {instancePath:instancePath+"/shortlinks/" + i8+"/link",schemaPath:"#/definitions/shortlink/properties/link/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
}
else {
const err115 = {instancePath:instancePath+"/shortlinks/" + i8,schemaPath:"#/definitions/shortlink/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
}
}
else {
const err116 = {instancePath:instancePath+"/shortlinks",schemaPath:"#/properties/shortlinks/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
if(data.widgets !== undefined){
let data74 = data.widgets;
if(Array.isArray(data74)){
const len9 = data74.length;
for(let i9=0; i9<len9; i9++){
if(!(validate23(data74[i9], {instancePath:instancePath+"/widgets/" + i9,parentData:data74,parentDataProperty:i9,rootData}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
}
}
else {
const err117 = {instancePath:instancePath+"/widgets",schemaPath:"#/properties/widgets/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
}
if(data.cloneEnabled !== undefined){
if(typeof data.cloneEnabled !== "boolean"){
const err118 = {instancePath:instancePath+"/cloneEnabled",schemaPath:"#/properties/cloneEnabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
}
if(data.visualConfigs !== undefined){
let data77 = data.visualConfigs;
if(data77 && typeof data77 == "object" && !Array.isArray(data77)){
for(const key20 in data77){
if(!(key20 === "agentScript")){
const err119 = {instancePath:instancePath+"/visualConfigs",schemaPath:"#/properties/visualConfigs/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key20},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
}
if(data77.agentScript !== undefined){
let data78 = data77.agentScript;
if(data78 && typeof data78 == "object" && !Array.isArray(data78)){
for(const key21 in data78){
if(!(((((key21 === "inputsTitle") || (key21 === "outputsTitle")) || (key21 === "mediaTitle")) || (key21 === "scriptTitle")) || (key21 === "script"))){
const err120 = {instancePath:instancePath+"/visualConfigs/agentScript",schemaPath:"#/properties/visualConfigs/properties/agentScript/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key21},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
}
if(data78.inputsTitle !== undefined){
if(typeof data78.inputsTitle !== "string"){
const err121 = {instancePath:instancePath+"/visualConfigs/agentScript/inputsTitle",schemaPath:"#/properties/visualConfigs/properties/agentScript/properties/inputsTitle/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
}
if(data78.outputsTitle !== undefined){
if(typeof data78.outputsTitle !== "string"){
const err122 = {instancePath:instancePath+"/visualConfigs/agentScript/outputsTitle",schemaPath:"#/properties/visualConfigs/properties/agentScript/properties/outputsTitle/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
}
if(data78.mediaTitle !== undefined){
if(typeof data78.mediaTitle !== "string"){
const err123 = {instancePath:instancePath+"/visualConfigs/agentScript/mediaTitle",schemaPath:"#/properties/visualConfigs/properties/agentScript/properties/mediaTitle/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
if(data78.scriptTitle !== undefined){
if(typeof data78.scriptTitle !== "string"){
const err124 = {instancePath:instancePath+"/visualConfigs/agentScript/scriptTitle",schemaPath:"#/properties/visualConfigs/properties/agentScript/properties/scriptTitle/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
}
if(data78.script !== undefined){
if(typeof data78.script !== "string"){
const err125 = {instancePath:instancePath+"/visualConfigs/agentScript/script",schemaPath:"#/properties/visualConfigs/properties/agentScript/properties/script/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
}
else {
const err126 = {instancePath:instancePath+"/visualConfigs/agentScript",schemaPath:"#/properties/visualConfigs/properties/agentScript/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
}
else {
const err127 = {instancePath:instancePath+"/visualConfigs",schemaPath:"#/properties/visualConfigs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
if(data.customFilterConfig !== undefined){
let data84 = data.customFilterConfig;
if(data84 && typeof data84 == "object" && !Array.isArray(data84)){
if(data84.label === undefined){
const err128 = {instancePath:instancePath+"/customFilterConfig",schemaPath:"#/properties/customFilterConfig/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
for(const key22 in data84){
if(!((key22 === "label") || (key22 === "rule"))){
const err129 = {instancePath:instancePath+"/customFilterConfig",schemaPath:"#/properties/customFilterConfig/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key22},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
if(data84.label !== undefined){
if(typeof data84.label !== "string"){
const err130 = {instancePath:instancePath+"/customFilterConfig/label",schemaPath:"#/properties/customFilterConfig/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
}
if(data84.rule !== undefined){
let data86 = data84.rule;
const _errs211 = errors;
let valid57 = false;
const _errs212 = errors;
if(typeof data86 !== "boolean"){
const err131 = {instancePath:instancePath+"/customFilterConfig/rule",schemaPath:"#/definitions/jsonLogicRule/anyOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
var _valid2 = _errs212 === errors;
valid57 = valid57 || _valid2;
if(!valid57){
const _errs214 = errors;
if(!(data86 && typeof data86 == "object" && !Array.isArray(data86))){
const err132 = {instancePath:instancePath+"/customFilterConfig/rule",schemaPath:"#/definitions/jsonLogicRule/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
var _valid2 = _errs214 === errors;
valid57 = valid57 || _valid2;
}
if(!valid57){
const err133 = {instancePath:instancePath+"/customFilterConfig/rule",schemaPath:"#/definitions/jsonLogicRule/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
else {
errors = _errs211;
if(vErrors !== null){
if(_errs211){
vErrors.length = _errs211;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err134 = {instancePath:instancePath+"/customFilterConfig",schemaPath:"#/properties/customFilterConfig/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
}
if(data.takeConfig !== undefined){
let data87 = data.takeConfig;
if(data87 && typeof data87 == "object" && !Array.isArray(data87)){
if(data87.available === undefined){
const err135 = {instancePath:instancePath+"/takeConfig",schemaPath:"#/properties/takeConfig/required",keyword:"required",params:{missingProperty: "available"},message:"must have required property '"+"available"+"'"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
for(const key23 in data87){
if(!(key23 === "available")){
const err136 = {instancePath:instancePath+"/takeConfig",schemaPath:"#/properties/takeConfig/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key23},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
}
if(data87.available !== undefined){
if(typeof data87.available !== "boolean"){
const err137 = {instancePath:instancePath+"/takeConfig/available",schemaPath:"#/properties/takeConfig/properties/available/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
}
}
else {
const err138 = {instancePath:instancePath+"/takeConfig",schemaPath:"#/properties/takeConfig/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
if(data.onlyAssignedContacts !== undefined){
if(typeof data.onlyAssignedContacts !== "boolean"){
const err139 = {instancePath:instancePath+"/onlyAssignedContacts",schemaPath:"#/properties/onlyAssignedContacts/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
}
if(data.parentOrigin !== undefined){
if(typeof data.parentOrigin !== "string"){
const err140 = {instancePath:instancePath+"/parentOrigin",schemaPath:"#/properties/parentOrigin/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
}
if(data.dispositionConfig !== undefined){
if(!(validate25(data.dispositionConfig, {instancePath:instancePath+"/dispositionConfig",parentData:data,parentDataProperty:"dispositionConfig",rootData}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
if(data.massiveActions !== undefined){
let data92 = data.massiveActions;
if(Array.isArray(data92)){
const len10 = data92.length;
for(let i10=0; i10<len10; i10++){
if(!(validate30(data92[i10], {instancePath:instancePath+"/massiveActions/" + i10,parentData:data92,parentDataProperty:i10,rootData}))){
vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);
errors = vErrors.length;
}
}
}
else {
const err141 = {instancePath:instancePath+"/massiveActions",schemaPath:"#/properties/massiveActions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
}
if(data.smsConfigs !== undefined){
let data94 = data.smsConfigs;
if(Array.isArray(data94)){
const len11 = data94.length;
for(let i11=0; i11<len11; i11++){
let data95 = data94[i11];
if(data95 && typeof data95 == "object" && !Array.isArray(data95)){
if(data95.id === undefined){
const err142 = {instancePath:instancePath+"/smsConfigs/" + i11,schemaPath:"#/definitions/smsConfig/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
if(data95.name === undefined){
const err143 = {instancePath:instancePath+"/smsConfigs/" + i11,schemaPath:"#/definitions/smsConfig/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
if(data95.msgTemplate === undefined){
const err144 = {instancePath:instancePath+"/smsConfigs/" + i11,schemaPath:"#/definitions/smsConfig/required",keyword:"required",params:{missingProperty: "msgTemplate"},message:"must have required property '"+"msgTemplate"+"'"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
for(const key24 in data95){
if(!(((((key24 === "id") || (key24 === "name")) || (key24 === "msgTemplate")) || (key24 === "phoneField")) || (key24 === "sender"))){
const err145 = {instancePath:instancePath+"/smsConfigs/" + i11,schemaPath:"#/definitions/smsConfig/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key24},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
}
if(data95.id !== undefined){
if(typeof data95.id !== "string"){
const err146 = {instancePath:instancePath+"/smsConfigs/" + i11+"/id",schemaPath:"#/definitions/smsConfig/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
}
if(data95.name !== undefined){
if(typeof data95.name !== "string"){
const err147 = {instancePath:instancePath+"/smsConfigs/" + i11+"/name",schemaPath:"#/definitions/smsConfig/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err147];
}
else {
vErrors.push(err147);
}
errors++;
}
}
if(data95.msgTemplate !== undefined){
if(typeof data95.msgTemplate !== "string"){
const err148 = {instancePath:instancePath+"/smsConfigs/" + i11+"/msgTemplate",schemaPath:"#/definitions/smsConfig/properties/msgTemplate/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err148];
}
else {
vErrors.push(err148);
}
errors++;
}
}
if(data95.phoneField !== undefined){
if(typeof data95.phoneField !== "string"){
const err149 = {instancePath:instancePath+"/smsConfigs/" + i11+"/phoneField",schemaPath:"#/definitions/smsConfig/properties/phoneField/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err149];
}
else {
vErrors.push(err149);
}
errors++;
}
}
if(data95.sender !== undefined){
if(typeof data95.sender !== "string"){
const err150 = {instancePath:instancePath+"/smsConfigs/" + i11+"/sender",schemaPath:"#/definitions/smsConfig/properties/sender/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err150];
}
else {
vErrors.push(err150);
}
errors++;
}
}
}
else {
const err151 = {instancePath:instancePath+"/smsConfigs/" + i11,schemaPath:"#/definitions/smsConfig/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err151];
}
else {
vErrors.push(err151);
}
errors++;
}
}
}
else {
const err152 = {instancePath:instancePath+"/smsConfigs",schemaPath:"#/properties/smsConfigs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err152];
}
else {
vErrors.push(err152);
}
errors++;
}
}
if(data.webappConfigs !== undefined){
let data101 = data.webappConfigs;
if(Array.isArray(data101)){
const len12 = data101.length;
for(let i12=0; i12<len12; i12++){
let data102 = data101[i12];
if(data102 && typeof data102 == "object" && !Array.isArray(data102)){
if(data102.id === undefined){
const err153 = {instancePath:instancePath+"/webappConfigs/" + i12,schemaPath:"#/definitions/webappConfig/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err153];
}
else {
vErrors.push(err153);
}
errors++;
}
if(data102.name === undefined){
const err154 = {instancePath:instancePath+"/webappConfigs/" + i12,schemaPath:"#/definitions/webappConfig/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err154];
}
else {
vErrors.push(err154);
}
errors++;
}
if(data102.msgTemplate === undefined){
const err155 = {instancePath:instancePath+"/webappConfigs/" + i12,schemaPath:"#/definitions/webappConfig/required",keyword:"required",params:{missingProperty: "msgTemplate"},message:"must have required property '"+"msgTemplate"+"'"};
if(vErrors === null){
vErrors = [err155];
}
else {
vErrors.push(err155);
}
errors++;
}
for(const key25 in data102){
if(!((((key25 === "id") || (key25 === "name")) || (key25 === "msgTemplate")) || (key25 === "url"))){
const err156 = {instancePath:instancePath+"/webappConfigs/" + i12,schemaPath:"#/definitions/webappConfig/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key25},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err156];
}
else {
vErrors.push(err156);
}
errors++;
}
}
if(data102.id !== undefined){
if(typeof data102.id !== "string"){
const err157 = {instancePath:instancePath+"/webappConfigs/" + i12+"/id",schemaPath:"#/definitions/webappConfig/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err157];
}
else {
vErrors.push(err157);
}
errors++;
}
}
if(data102.name !== undefined){
if(typeof data102.name !== "string"){
const err158 = {instancePath:instancePath+"/webappConfigs/" + i12+"/name",schemaPath:"#/definitions/webappConfig/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err158];
}
else {
vErrors.push(err158);
}
errors++;
}
}
if(data102.msgTemplate !== undefined){
if(typeof data102.msgTemplate !== "string"){
const err159 = {instancePath:instancePath+"/webappConfigs/" + i12+"/msgTemplate",schemaPath:"#/definitions/webappConfig/properties/msgTemplate/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err159];
}
else {
vErrors.push(err159);
}
errors++;
}
}
if(data102.url !== undefined){
if(typeof data102.url !== "string"){
const err160 = {instancePath:instancePath+"/webappConfigs/" + i12+"/url",schemaPath:"#/definitions/webappConfig/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err160];
}
else {
vErrors.push(err160);
}
errors++;
}
}
}
else {
const err161 = {instancePath:instancePath+"/webappConfigs/" + i12,schemaPath:"#/definitions/webappConfig/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err161];
}
else {
vErrors.push(err161);
}
errors++;
}
}
}
else {
const err162 = {instancePath:instancePath+"/webappConfigs",schemaPath:"#/properties/webappConfigs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err162];
}
else {
vErrors.push(err162);
}
errors++;
}
}
if(data.customReportConfig !== undefined){
let data107 = data.customReportConfig;
if(Array.isArray(data107)){
const len13 = data107.length;
for(let i13=0; i13<len13; i13++){
if(!(validate32(data107[i13], {instancePath:instancePath+"/customReportConfig/" + i13,parentData:data107,parentDataProperty:i13,rootData}))){
vErrors = vErrors === null ? validate32.errors : vErrors.concat(validate32.errors);
errors = vErrors.length;
}
}
}
else {
const err163 = {instancePath:instancePath+"/customReportConfig",schemaPath:"#/properties/customReportConfig/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err163];
}
else {
vErrors.push(err163);
}
errors++;
}
}
if(data.dashboardConfig !== undefined){
let data109 = data.dashboardConfig;
if(data109 && typeof data109 == "object" && !Array.isArray(data109)){
for(const key26 in data109){
if(!((key26 === "activeDashboards") || (key26 === "maxAllowedDuration"))){
const err164 = {instancePath:instancePath+"/dashboardConfig",schemaPath:"#/properties/dashboardConfig/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key26},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err164];
}
else {
vErrors.push(err164);
}
errors++;
}
}
if(data109.activeDashboards !== undefined){
let data110 = data109.activeDashboards;
if(Array.isArray(data110)){
const len14 = data110.length;
for(let i14=0; i14<len14; i14++){
let data111 = data110[i14];
if(typeof data111 !== "string"){
const err165 = {instancePath:instancePath+"/dashboardConfig/activeDashboards/" + i14,schemaPath:"#/properties/dashboardConfig/properties/activeDashboards/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err165];
}
else {
vErrors.push(err165);
}
errors++;
}
if(!(((data111 === "availability") || (data111 === "contacts")) || (data111 === "agents"))){
const err166 = {instancePath:instancePath+"/dashboardConfig/activeDashboards/" + i14,schemaPath:"#/properties/dashboardConfig/properties/activeDashboards/items/enum",keyword:"enum",params:{allowedValues: schema11.properties.dashboardConfig.properties.activeDashboards.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err166];
}
else {
vErrors.push(err166);
}
errors++;
}
}
let i15 = data110.length;
let j0;
if(i15 > 1){
const indices0 = {};
for(;i15--;){
let item0 = data110[i15];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err167 = {instancePath:instancePath+"/dashboardConfig/activeDashboards",schemaPath:"#/properties/dashboardConfig/properties/activeDashboards/uniqueItems",keyword:"uniqueItems",params:{i: i15, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i15+" are identical)"};
if(vErrors === null){
vErrors = [err167];
}
else {
vErrors.push(err167);
}
errors++;
break;
}
indices0[item0] = i15;
}
}
}
else {
const err168 = {instancePath:instancePath+"/dashboardConfig/activeDashboards",schemaPath:"#/properties/dashboardConfig/properties/activeDashboards/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err168];
}
else {
vErrors.push(err168);
}
errors++;
}
}
if(data109.maxAllowedDuration !== undefined){
let data112 = data109.maxAllowedDuration;
if(!((typeof data112 == "number") && (!(data112 % 1) && !isNaN(data112)))){
const err169 = {instancePath:instancePath+"/dashboardConfig/maxAllowedDuration",schemaPath:"#/properties/dashboardConfig/properties/maxAllowedDuration/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err169];
}
else {
vErrors.push(err169);
}
errors++;
}
if(typeof data112 == "number"){
if(data112 > 15 || isNaN(data112)){
const err170 = {instancePath:instancePath+"/dashboardConfig/maxAllowedDuration",schemaPath:"#/properties/dashboardConfig/properties/maxAllowedDuration/maximum",keyword:"maximum",params:{comparison: "<=", limit: 15},message:"must be <= 15"};
if(vErrors === null){
vErrors = [err170];
}
else {
vErrors.push(err170);
}
errors++;
}
if(data112 < 1 || isNaN(data112)){
const err171 = {instancePath:instancePath+"/dashboardConfig/maxAllowedDuration",schemaPath:"#/properties/dashboardConfig/properties/maxAllowedDuration/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err171];
}
else {
vErrors.push(err171);
}
errors++;
}
}
}
}
else {
const err172 = {instancePath:instancePath+"/dashboardConfig",schemaPath:"#/properties/dashboardConfig/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err172];
}
else {
vErrors.push(err172);
}
errors++;
}
}
}
else {
const err173 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err173];
}
else {
vErrors.push(err173);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

export const validateDataModel = validate34;
const schema51 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://contact-manager.local/schemas/data-model.schema.json","title":"DataModel","description":"A data model (spec 2 §3, spec 3 §3): the input fields (model), the output fields (outputs) and the contact property used for caller-id lookups.","type":"object","required":["id","model","outputs","modelContactProperty"],"additionalProperties":false,"properties":{"id":{"type":"string","minLength":1},"name":{"type":"string"},"version":{"type":"integer","minimum":0},"model":{"$ref":"#/definitions/fieldMap"},"outputs":{"$ref":"#/definitions/fieldMap"},"modelContactProperty":{"type":"string","description":"Input field holding the phone number matched against the caller id."}},"definitions":{"dataType":{"title":"FieldDataType","type":"string","enum":["boolean","number","date","time","string","text","array"]},"fieldMap":{"title":"FieldMap","type":"object","propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]*$"},"additionalProperties":{"$ref":"#/definitions/field"}},"field":{"title":"Field","description":"One field of the inputs or outputs map (spec 2 §3). dataType defaults to text.","type":"object","required":["label"],"additionalProperties":false,"properties":{"label":{"type":"string"},"value":{"description":"Default value.","tsType":"unknown"},"dataType":{"$ref":"#/definitions/dataType"},"required":{"type":"boolean"},"editable":{"type":"boolean","description":"false: read-only in forms, ignored by the server on save."},"isDetailVisible":{"type":"boolean","description":"false: left out of the show and SMS forms."},"placeholder":{"type":"string"},"dataRegex":{"type":"string"},"arrayMinItems":{"type":"integer","minimum":0},"arrayMaxItems":{"type":"integer","minimum":0},"arrayItemsModel":{"$ref":"#/definitions/fieldMap"},"columnIndex":{"type":"integer","minimum":0,"description":"Position of the dynamic list column."},"isVisible":{"type":"boolean","description":"Whether the dynamic list column is shown."},"filterable":{"type":"boolean","description":"Whether the list offers a data-model filter on this field."}}}}};
const schema52 = {"title":"FieldMap","type":"object","propertyNames":{"pattern":"^[A-Za-z_][A-Za-z0-9_]*$"},"additionalProperties":{"$ref":"#/definitions/field"}};
const pattern1 = new RegExp("^[A-Za-z_][A-Za-z0-9_]*$", "u");
const schema53 = {"title":"Field","description":"One field of the inputs or outputs map (spec 2 §3). dataType defaults to text.","type":"object","required":["label"],"additionalProperties":false,"properties":{"label":{"type":"string"},"value":{"description":"Default value.","tsType":"unknown"},"dataType":{"$ref":"#/definitions/dataType"},"required":{"type":"boolean"},"editable":{"type":"boolean","description":"false: read-only in forms, ignored by the server on save."},"isDetailVisible":{"type":"boolean","description":"false: left out of the show and SMS forms."},"placeholder":{"type":"string"},"dataRegex":{"type":"string"},"arrayMinItems":{"type":"integer","minimum":0},"arrayMaxItems":{"type":"integer","minimum":0},"arrayItemsModel":{"$ref":"#/definitions/fieldMap"},"columnIndex":{"type":"integer","minimum":0,"description":"Position of the dynamic list column."},"isVisible":{"type":"boolean","description":"Whether the dynamic list column is shown."},"filterable":{"type":"boolean","description":"Whether the list offers a data-model filter on this field."}}};
const schema54 = {"title":"FieldDataType","type":"string","enum":["boolean","number","date","time","string","text","array"]};
const wrapper1 = {validate: validate35};

function validate36(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.label === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema53.properties, key0))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.label !== undefined){
if(typeof data.label !== "string"){
const err2 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.dataType !== undefined){
let data1 = data.dataType;
if(typeof data1 !== "string"){
const err3 = {instancePath:instancePath+"/dataType",schemaPath:"#/definitions/dataType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!(((((((data1 === "boolean") || (data1 === "number")) || (data1 === "date")) || (data1 === "time")) || (data1 === "string")) || (data1 === "text")) || (data1 === "array"))){
const err4 = {instancePath:instancePath+"/dataType",schemaPath:"#/definitions/dataType/enum",keyword:"enum",params:{allowedValues: schema54.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.required !== undefined){
if(typeof data.required !== "boolean"){
const err5 = {instancePath:instancePath+"/required",schemaPath:"#/properties/required/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.editable !== undefined){
if(typeof data.editable !== "boolean"){
const err6 = {instancePath:instancePath+"/editable",schemaPath:"#/properties/editable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.isDetailVisible !== undefined){
if(typeof data.isDetailVisible !== "boolean"){
const err7 = {instancePath:instancePath+"/isDetailVisible",schemaPath:"#/properties/isDetailVisible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.placeholder !== undefined){
if(typeof data.placeholder !== "string"){
const err8 = {instancePath:instancePath+"/placeholder",schemaPath:"#/properties/placeholder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.dataRegex !== undefined){
if(typeof data.dataRegex !== "string"){
const err9 = {instancePath:instancePath+"/dataRegex",schemaPath:"#/properties/dataRegex/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.arrayMinItems !== undefined){
let data7 = data.arrayMinItems;
if(!((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7)))){
const err10 = {instancePath:instancePath+"/arrayMinItems",schemaPath:"#/properties/arrayMinItems/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(typeof data7 == "number"){
if(data7 < 0 || isNaN(data7)){
const err11 = {instancePath:instancePath+"/arrayMinItems",schemaPath:"#/properties/arrayMinItems/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
if(data.arrayMaxItems !== undefined){
let data8 = data.arrayMaxItems;
if(!((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8)))){
const err12 = {instancePath:instancePath+"/arrayMaxItems",schemaPath:"#/properties/arrayMaxItems/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(typeof data8 == "number"){
if(data8 < 0 || isNaN(data8)){
const err13 = {instancePath:instancePath+"/arrayMaxItems",schemaPath:"#/properties/arrayMaxItems/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.arrayItemsModel !== undefined){
if(!(wrapper1.validate(data.arrayItemsModel, {instancePath:instancePath+"/arrayItemsModel",parentData:data,parentDataProperty:"arrayItemsModel",rootData}))){
vErrors = vErrors === null ? wrapper1.validate.errors : vErrors.concat(wrapper1.validate.errors);
errors = vErrors.length;
}
}
if(data.columnIndex !== undefined){
let data10 = data.columnIndex;
if(!((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10)))){
const err14 = {instancePath:instancePath+"/columnIndex",schemaPath:"#/properties/columnIndex/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(typeof data10 == "number"){
if(data10 < 0 || isNaN(data10)){
const err15 = {instancePath:instancePath+"/columnIndex",schemaPath:"#/properties/columnIndex/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.isVisible !== undefined){
if(typeof data.isVisible !== "boolean"){
const err16 = {instancePath:instancePath+"/isVisible",schemaPath:"#/properties/isVisible/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.filterable !== undefined){
if(typeof data.filterable !== "boolean"){
const err17 = {instancePath:instancePath+"/filterable",schemaPath:"#/properties/filterable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
validate36.errors = vErrors;
return errors === 0;
}


function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
const _errs1 = errors;
if(typeof key0 === "string"){
if(!pattern1.test(key0)){
const err0 = {instancePath,schemaPath:"#/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]*$"+"\"",propertyName:key0};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var valid0 = _errs1 === errors;
if(!valid0){
const err1 = {instancePath,schemaPath:"#/propertyNames",keyword:"propertyNames",params:{propertyName: key0},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
for(const key1 in data){
if(!(validate36(data[key1], {instancePath:instancePath+"/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data,parentDataProperty:key1,rootData}))){
vErrors = vErrors === null ? validate36.errors : vErrors.concat(validate36.errors);
errors = vErrors.length;
}
}
}
else {
const err2 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
validate35.errors = vErrors;
return errors === 0;
}


function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://contact-manager.local/schemas/data-model.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.model === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.outputs === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outputs"},message:"must have required property '"+"outputs"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.modelContactProperty === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "modelContactProperty"},message:"must have required property '"+"modelContactProperty"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "id") || (key0 === "name")) || (key0 === "version")) || (key0 === "model")) || (key0 === "outputs")) || (key0 === "modelContactProperty"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(func3(data0) < 1){
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.version !== undefined){
let data2 = data.version;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err8 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 < 0 || isNaN(data2)){
const err9 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
if(data.model !== undefined){
if(!(validate35(data.model, {instancePath:instancePath+"/model",parentData:data,parentDataProperty:"model",rootData}))){
vErrors = vErrors === null ? validate35.errors : vErrors.concat(validate35.errors);
errors = vErrors.length;
}
}
if(data.outputs !== undefined){
if(!(validate35(data.outputs, {instancePath:instancePath+"/outputs",parentData:data,parentDataProperty:"outputs",rootData}))){
vErrors = vErrors === null ? validate35.errors : vErrors.concat(validate35.errors);
errors = vErrors.length;
}
}
if(data.modelContactProperty !== undefined){
if(typeof data.modelContactProperty !== "string"){
const err10 = {instancePath:instancePath+"/modelContactProperty",schemaPath:"#/properties/modelContactProperty/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}

