const fs=require('fs'),path=require('path'),zlib=require('zlib');const {SourceMapConsumer}=require('source-map-js');
const dir=process.argv[2]; const files=process.argv.slice(3); const by={};
for (const f of files){
  const code=fs.readFileSync(path.join(dir,f),'utf8'); let map; try{map=JSON.parse(fs.readFileSync(path.join(dir,f+'.map'),'utf8'))}catch{continue}
  const br=zlib.brotliCompressSync(Buffer.from(code),{params:{[zlib.constants.BROTLI_PARAM_QUALITY]:11}}).length; const ratio=br/code.length;
  const c=new SourceMapConsumer(map); const lines=code.split('\n');
  const ms=[]; c.eachMapping(m=>ms.push(m)); ms.sort((a,b)=>a.generatedLine-b.generatedLine||a.generatedColumn-b.generatedColumn);
  for(let i=0;i<ms.length;i++){const m=ms[i],n=ms[i+1];const len=(n&&n.generatedLine===m.generatedLine)?n.generatedColumn-m.generatedColumn:lines[m.generatedLine-1].length-m.generatedColumn;
    let src=(m.source||'?').replace(/.*node_modules\//,'nm:').replace(/.*web\/src\//,'web:').replace(/.*api\/src\//,'api:');src=src.replace(/^nm:(@[^/]+\/[^/]+|[^/]+).*/,'nm:$1');
    by[src]=(by[src]||0)+len*ratio;}
}
let tot=0;Object.entries(by).sort((a,b)=>b[1]-a[1]).forEach(([k,v])=>{tot+=v;if(v>150)console.log((v/1024).toFixed(2).padStart(7),k)});console.log('total',(tot/1024).toFixed(1));
