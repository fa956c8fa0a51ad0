try{if(localStorage.getItem('token'))document.documentElement.classList.add('signed-in')}catch(e){}
