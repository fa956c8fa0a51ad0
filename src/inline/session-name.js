try{var n=localStorage.getItem('first_name');if(n)document.querySelectorAll('[data-first-name]').forEach(function(e){e.textContent=', '+n})}catch(e){}
