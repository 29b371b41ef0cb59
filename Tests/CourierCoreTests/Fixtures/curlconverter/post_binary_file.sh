curl -i -X POST  --data-binary @./sample.sparql  -H "Content-type: application/sparql-query"  -H "Accept: application/sparql-results+json"  http://localhost:28139/american-art/query
